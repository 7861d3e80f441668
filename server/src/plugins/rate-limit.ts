import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { AppError } from '../http/errors.ts';
import { createDatabaseRateLimitStore } from './rate-limit-store.ts';

/**
 * How often one user may do what costs something: a payment at the provider, a bot message, a
 * row per attempt. Far above what a person does by hand, well below what a script does.
 */
export const RATE_LIMITS = {
  startPayment: { max: 10, timeWindow: '10 minutes' },
  gift: { max: 20, timeWindow: '10 minutes' },
  redeem: { max: 30, timeWindow: '1 minute' },
  couponRequest: { max: 20, timeWindow: '1 hour' },
  /** Per sending address: YooKassa sends a few per payment; each one read costs a call back to it. */
  providerNotification: { max: 120, timeWindow: '1 minute' },
} as const;

/**
 * Counts per Telegram user in the database, so every server process shares one count. The limit is a route's own onRequest hook, which runs
 * after the one that checks init data, and before any refusal that would still write a row.
 * Only routes that name a limit in `config.rateLimit` are counted.
 */
export async function registerRateLimit(app: FastifyInstance, db: Db) {
  await app.register(rateLimit, {
    global: false,
    store: createDatabaseRateLimitStore(db),
    keyGenerator: (request) => (request.caller ? `user:${request.caller.id}` : `ip:${request.ip}`),
    errorResponseBuilder: () =>
      new AppError(
        429,
        'too_many_requests',
        'Слишком много попыток подряд. Подождите несколько минут и попробуйте снова.',
      ),
  });
}
