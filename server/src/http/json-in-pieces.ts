import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

/** List items checked and written between two turns of the event loop. */
const ITEMS_PER_PIECE = 8;

/** The keys of a schema's fields that are lists. */
type ListKey<S extends z.ZodRawShape> = {
  [K in keyof S]: S[K] extends z.ZodArray<z.ZodType> ? K : never;
}[keyof S] &
  string;

/** A list's items as JSON, a few at a time with a turn of the event loop between: `[` and `]` left out. */
async function* itemsInPieces(items: readonly unknown[], itemSchema: z.ZodType) {
  for (let at = 0; at < items.length; at += ITEMS_PER_PIECE) {
    if (at > 0) await new Promise((resolve) => setImmediate(resolve));
    const piece = items
      .slice(at, at + ITEMS_PER_PIECE)
      .map((item) => JSON.stringify(itemSchema.encode(item)));
    yield `${at > 0 ? ',' : ''}${piece.join(',')}`;
  }
}

const sendJson = (reply: FastifyReply, pieces: AsyncIterable<string>) =>
  reply.type('application/json; charset=utf-8').send(Readable.from(pieces));

/**
 * Answers `value` as JSON, its list `listKey` a few items at a time with a turn of the event loop
 * between them; each part encoded by its schema as the route's response schema would (unknown keys
 * left out). The weekly report of a season (850 KB, 128 offers) took 20–45 ms to check and write in
 * one go, and every poll that came meanwhile waited for it (`npm run bench -- --reports`).
 *
 * The status and headers go before the first item is checked: an item the schema refuses (a bug)
 * cuts the answer short, as a failed stream does, instead of a 500.
 */
export function sendJsonInPieces<S extends z.ZodRawShape>(
  reply: FastifyReply,
  schema: z.ZodObject<S>,
  listKey: ListKey<S>,
  value: z.output<z.ZodObject<S>>,
) {
  const itemSchema = (schema.shape[listKey] as unknown as z.ZodArray<z.ZodType>).element;
  const { [listKey]: list, ...rest } = value as Record<string, unknown>;
  const head = JSON.stringify(schema.omit({ [listKey]: true } as never).encode(rest as never));
  async function* pieces() {
    yield `${head.slice(0, -1)}${head === '{}' ? '' : ','}${JSON.stringify(listKey)}:[`;
    yield* itemsInPieces(list as unknown[], itemSchema);
    yield ']}';
  }
  return sendJson(reply, pieces());
}

/** Answers a list as JSON the same way: a few items at a time, each encoded by `itemSchema`. */
export function sendJsonListInPieces(reply: FastifyReply, itemSchema: z.ZodType, items: readonly unknown[]) {
  async function* pieces() {
    yield '[';
    yield* itemsInPieces(items, itemSchema);
    yield ']';
  }
  return sendJson(reply, pieces());
}
