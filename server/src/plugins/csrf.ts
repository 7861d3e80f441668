import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '#contract/errors';
import { DomainError } from '../domain/domain-error.ts';

const TOKEN_TTL_S = 12 * 60 * 60;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set to false on routes other servers call (webhooks): they carry their own proof. */
    csrf?: boolean;
  }
}

/**
 * Stateless CSRF tokens (issued-at, nonce, HMAC) so any number of server processes accept each
 * other's tokens; the secret is derived from the bot token they share.
 */
export function createCsrf(botToken: string) {
  const key = createHmac('sha256', 'csrf-token').update(botToken).digest();
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

  return {
    issue(now = Date.now()): string {
      const payload = `${Math.floor(now / 1000)}.${randomBytes(16).toString('base64url')}`;
      return `${payload}.${mac(payload)}`;
    },
    verify(token: string | undefined, now = Date.now()): boolean {
      const parts = token?.split('.') ?? [];
      if (parts.length !== 3) return false;
      const [issuedAt, nonce, signature] = parts as [string, string, string];
      const expected = Buffer.from(mac(`${issuedAt}.${nonce}`));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
      const age = now / 1000 - Number(issuedAt);
      return age >= -60 && age <= TOKEN_TTL_S;
    },
  };
}

export function registerCsrf(app: FastifyInstance, csrf: ReturnType<typeof createCsrf>) {
  // Asked once per session by every first open: a line each would say nothing (failures still do).
  app.get('/api/csrf', { config: { logOnlyFailures: true } }, async () => ({ token: csrf.issue() }));

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config.csrf === false) return;
    // The route the router matched, not the raw URL: «/%61pi/…» is /api/… too.
    if (!(request.routeOptions.url ?? request.url).startsWith('/api/')) return;
    const header = request.headers['x-xsrf-token'];
    if (!csrf.verify(Array.isArray(header) ? header[0] : header)) {
      throw new DomainError(ErrorCode.csrfInvalid);
    }
  });
}
