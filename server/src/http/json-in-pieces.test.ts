import Fastify, { type FastifyReply } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sendJsonInPieces, sendJsonListInPieces } from './json-in-pieces.ts';

const ZItem = z.object({ id: z.number().int(), name: z.string() });
const ZReport = z.object({ total: z.number().int(), items: z.array(ZItem) });
const ZListOnly = z.object({ items: z.array(ZItem) });

async function answerOf(send: (reply: FastifyReply) => unknown) {
  const app = Fastify();
  app.get('/', async (_request, reply) => send(reply));
  const response = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return response;
}

describe('sendJsonInPieces', () => {
  it('answers the whole value as JSON, as its schema encodes it, the list in order', async () => {
    const items = Array.from({ length: 21 }, (_, id) => ({ id, name: `№ ${id} «кафе»`, secret: 'x' }));
    const response = await answerOf((reply) =>
      sendJsonInPieces(reply, ZReport, 'items', { total: 21, items }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.json()).toEqual({ total: 21, items: items.map(({ secret: _, ...item }) => item) });
  });

  it('writes an empty list, and a value that is only its list', async () => {
    const empty = await answerOf((reply) =>
      sendJsonInPieces(reply, ZReport, 'items', { total: 0, items: [] }),
    );
    expect(empty.json()).toEqual({ total: 0, items: [] });
    const only = await answerOf((reply) =>
      sendJsonInPieces(reply, ZListOnly, 'items', { items: [{ id: 1, name: 'а' }] }),
    );
    expect(only.json()).toEqual({ items: [{ id: 1, name: 'а' }] });
  });

  it('answers a bare list the same way, and an empty one', async () => {
    const items = Array.from({ length: 17 }, (_, id) => ({ id, name: `«${id}»`, secret: 'x' }));
    const list = await answerOf((reply) => sendJsonListInPieces(reply, ZItem, items));
    expect(list.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(list.json()).toEqual(items.map(({ secret: _, ...item }) => item));
    expect((await answerOf((reply) => sendJsonListInPieces(reply, ZItem, []))).json()).toEqual([]);
  });

  it('turns the event loop between the pieces of a long list: 200 items, 25 pieces', async () => {
    const items = Array.from({ length: 200 }, (_, id) => ({ id, name: String(id) }));
    let turns = 0;
    let writing = true;
    const countTurns = () => {
      turns += 1;
      if (writing) setImmediate(countTurns);
    };
    const response = await answerOf((reply) => {
      setImmediate(countTurns);
      return sendJsonInPieces(reply, ZReport, 'items', { total: 200, items });
    });
    writing = false;
    expect(response.json().items).toHaveLength(200);
    expect(turns).toBeGreaterThanOrEqual(24);
  });
});
