import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../domain/domain-error.ts';
import { WaitRefusedError } from '../queueing/wait-refused.ts';
import { type Refusals, registerErrorHandling } from './errors.ts';

const refusals = {
  plain_refusal: { status: 409, message: 'Уже есть' },
  gone_thing: { status: 404, error: 'not_found', message: 'Такого нет', field: 'id' },
  named_thing: { status: 409, message: ({ name }) => `«${name}» уже есть` },
} satisfies Refusals;

async function appThrowing(error: Error) {
  const app = Fastify({ logger: false });
  registerErrorHandling(app, [refusals]);
  app.get('/', async () => {
    throw error;
  });
  return app.inject({ method: 'GET', url: '/' });
}

describe('the error handler', () => {
  it('answers a domain code with its status, code and text from the module’s table', async () => {
    const res = await appThrowing(new DomainError('plain_refusal'));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'plain_refusal', message: 'Уже есть' });
  });

  it('answers the table’s own code and field when the refusal has them', async () => {
    const res = await appThrowing(new DomainError('gone_thing'));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'Такого нет', field: 'id' });
  });

  it('puts the details the service gave into the text', async () => {
    const res = await appThrowing(new DomainError('named_thing', { name: 'Шуя' }));
    expect(res.json()).toEqual({ error: 'named_thing', message: '«Шуя» уже есть' });
  });

  it('answers a code no table declares as our own failure, a 500', async () => {
    const res = await appThrowing(new DomainError('undeclared'));
    expect(res.statusCode).toBe(500);
    expect(res.json().error).toBe('internal');
  });

  it('answers a wait past its queue’s bound or deadline, wrapped or not, 503 «try again in a minute»', async () => {
    for (const error of [
      new WaitRefusedError('bound'),
      new Error('a query failed', { cause: new WaitRefusedError('deadline') }),
    ]) {
      const res = await appThrowing(error);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        error: 'server_busy',
        message: 'Сейчас слишком много желающих. Попробуйте через минуту.',
      });
    }
  });

  it('refuses at start a code two tables declare', () => {
    const app = Fastify({ logger: false });
    expect(() =>
      registerErrorHandling(app, [refusals, { plain_refusal: { status: 400, message: 'x' } }]),
    ).toThrow('plain_refusal');
  });
});
