import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The security headers of every answer, and of the few Node answers alone. */
export const HELMET_OPTIONS = {
  // Telegram Web opens mini-apps in an iframe: framing is allowed for Telegram only.
  frameguard: false,
  contentSecurityPolicy: {
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'", "'wasm-unsafe-eval'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      // Recorded tracks are drawn on OpenStreetMap's tiles (docs/adr/0010).
      'img-src': ["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org'],
      'connect-src': ["'self'"],
      'frame-ancestors': ["'self'", 'https://web.telegram.org', 'https://*.telegram.org'],
      'form-action': ["'self'"],
      'upgrade-insecure-requests': null,
    },
  },
  crossOriginEmbedderPolicy: false,
} satisfies HelmetOptions;

let computed: Record<string, string> | undefined;

/**
 * The same headers as a plain list, for answers written before Fastify's hooks run (a URL the
 * router cannot read, headers Node refuses): helmet itself is asked once what it would set.
 */
export function securityHeaders(): Record<string, string> {
  if (computed) return computed;
  const headers: Record<string, string> = {};
  const collector = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  helmet(HELMET_OPTIONS)({} as never, collector, () => {});
  computed = headers;
  return headers;
}

/**
 * Every answer gets `securityHeaders()`, worked out once. (@fastify/helmet builds helmet anew for
 * every request, parsing the policy each time: an eighth of what an unchanged poll cost.)
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  const headers = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
