import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '#contract/errors';
import type { Db } from '../db/client.ts';
import { DomainError } from '../domain/domain-error.ts';
import { createDatabaseRateLimitStore } from './rate-limit-store.ts';

/**
 * Counts per Telegram user in the database, so every server process shares one count. The limit is a route's own onRequest hook, which runs
 * after the one that checks init data and the route's own onRequest refusals (the offer gate's, told
 * from memory and cheaper than the count's write), and before any refusal that would still write a row.
 * Only routes that name a limit in `config.rateLimit` are counted.
 */
export async function registerRateLimit(app: FastifyInstance, db: Db) {
  await app.register(rateLimit, {
    global: false,
    store: createDatabaseRateLimitStore(db),
    keyGenerator: (request) => (request.caller ? `user:${request.caller.id}` : `ip:${request.ip}`),
    errorResponseBuilder: () => new DomainError(ErrorCode.tooManyRequests),
  });
}
