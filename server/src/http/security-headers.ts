import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { PAGE_INLINE_SCRIPT } from '#contract/page-inline-script';

/** The pages' one inline script, allowed by its hash alone (CSP's `'sha256-…'` source). */
const inlineScriptSource = `'sha256-${createHash('sha256').update(PAGE_INLINE_SCRIPT).digest('base64')}'`;

/** The security headers of every answer, and of the few Node answers alone. */
export const HELMET_OPTIONS = {
  // Telegram Web and MAX's web client open mini-apps in an iframe: framing is allowed for them only.
  frameguard: false,
  contentSecurityPolicy: {
    directives: {
      'default-src': ["'self'"],
      // MAX's bridge, which a MAX launch loads where the client gives the page none (ADR 0019): that file alone.
      'script-src': [
        "'self'",
        "'wasm-unsafe-eval'",
        inlineScriptSource,
        'https://st.max.ru/js/max-web-app.js',
      ],
      'style-src': ["'self'", "'unsafe-inline'"],
      // Recorded tracks are drawn on OpenStreetMap's tiles (docs/adr/0010).
      'img-src': ["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org'],
      'connect-src': ["'self'"],
      // MAX's web client frames mini-apps from web.max.ru, as Telegram Web does from web.telegram.org.
      'frame-ancestors': [
        "'self'",
        'https://web.telegram.org',
        'https://*.telegram.org',
        'https://web.max.ru',
      ],
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

/** The built app's hashed files: scripts, styles, wasm; parts of a page, but for a worker's script. */
const ASSETS = '/assets/';
/** A dedicated worker's script, named after its module (web/src/lib/fetch-ahead-worker.ts). */
const WORKER_SCRIPT = /^\/assets\/[\w-]+-worker-[\w-]+\.js$/;
/** What a browser reads as a page: the policy of where its parts may come from applies to it. */
const DOCUMENT = /^(text\/html|image\/svg\+xml)/;
/** Headers that matter on any answer, a JSON or an image too. */
const ON_EVERY_ANSWER = [
  'x-content-type-options',
  'cross-origin-resource-policy',
  'strict-transport-security',
  'referrer-policy',
];

/**
 * The web app's pages and its workers, the service worker and the dedicated ones (a worker's policy
 * is that of its script), get all of `securityHeaders()`. The scripts, styles and files under
 * /assets/, and the API's answers but its pages (JSON, QR images, a poll's 304), get the few that
 * matter to them and a policy that lets them be nothing but data — a page's policy governs what
 * its scripts do: 250 bytes instead of 720, on answers whose own bytes are often fewer (a first
 * load asks for some twenty of them before it draws). None on their 304, which only confirms an
 * answer the browser keeps with its headers (every poll of an open My QR). Elsewhere the full set
 * goes on a 304 too: a browser takes a 304's headers into the page it keeps, and a page's are its
 * policy.
 * Worked out once, not per request (@fastify/helmet built helmet anew for every request, parsing
 * the policy each time).
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  const forPages = securityHeaders();
  const forData = {
    ...Object.fromEntries(ON_EVERY_ANSWER.map((name) => [name, forPages[name] ?? ''])),
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  };
  app.addHook('onSend', (request, reply, payload, done) => {
    const page = request.url.startsWith('/api/')
      ? DOCUMENT.test(String(reply.getHeader('content-type') ?? ''))
      : !request.url.startsWith(ASSETS) || WORKER_SCRIPT.test(request.url);
    if (page) reply.headers(forPages);
    else if (reply.statusCode !== 304) reply.headers(forData);
    done(null, payload);
  });
}
