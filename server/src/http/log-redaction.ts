import type { FastifyRequest } from 'fastify';

/**
 * Path parameters a log must not keep: keys (whoever reads one could use the coupon or the payment)
 * and usernames, personal data that would outlive the user's erasure in the log.
 */
const SECRET_PARAMS = new Set([
  'qrToken',
  'paymentId',
  'username',
  'partnerUsername',
  'ownUsername',
  'friendUsername',
]);
/** Query values that work as keys (the signed GPX link), and the admin's search, which names people. */
const SECRET_QUERY = new Set(['token', 'q']);
/** On a path no route matched, any segment that looks like a token or an id. */
const TOKEN_LIKE = /^[A-Za-z0-9_-]{16,}$/;
const HIDDEN = '…';

/** The request's URL as a log may keep it: keys hidden, the rest as sent. */
export function redactUrl(url: string, params?: Record<string, unknown>): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const secrets = new Set(
    Object.entries(params ?? {})
      .filter(([name, value]) => SECRET_PARAMS.has(name) && typeof value === 'string' && value !== '')
      .map(([, value]) => value as string),
  );
  const matched = params !== undefined;
  const shownPath = path
    .split('/')
    .map((segment) => {
      const decoded = safeDecode(segment);
      const secret = matched ? secrets.has(decoded) : TOKEN_LIKE.test(decoded);
      return secret ? HIDDEN : segment;
    })
    .join('/');
  if (queryAt === -1) return shownPath;
  const query = new URLSearchParams(url.slice(queryAt + 1));
  for (const name of new Set(query.keys())) if (SECRET_QUERY.has(name)) query.set(name, HIDDEN);
  return `${shownPath}?${query}`;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * A failed query's parameters are buyers' data, tokens and message texts: the log keeps the SQL, not
 * the values. drizzle ends its message with them (`…\nparams: a,b`), and a value may hold newlines
 * of its own (a bot message does), so they run to the message's end, and in the stack, which repeats
 * the message, on to its first frame.
 */
const PARAMS_IN_MESSAGE = /\nparams: [\s\S]*$/;
const PARAMS_IN_STACK = /\nparams: [\s\S]*?(?=\n {4}at |$)/;

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

function serializeError(error: Error, depth = 0): LoggedError {
  const withCode = error as Error & { code?: unknown; statusCode?: unknown };
  const { cause } = error;
  return {
    type: error.name,
    message: error.message.replace(PARAMS_IN_MESSAGE, ''),
    stack: (error.stack ?? '').replace(PARAMS_IN_STACK, ''),
    ...(withCode.code !== undefined ? { code: withCode.code } : {}),
    ...(withCode.statusCode !== undefined ? { statusCode: withCode.statusCode } : {}),
    ...(cause instanceof Error && depth < 3 ? { cause: serializeError(cause, depth + 1) } : {}),
  };
}

/** pino serializers for the app's logger: request lines without keys, errors without SQL values. */
export const logSerializers = {
  req(request: FastifyRequest) {
    const matched = request.routeOptions?.url !== undefined;
    return {
      method: request.method,
      url: redactUrl(request.url, matched ? (request.params as Record<string, unknown>) : undefined),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
  err: (error: Error) => serializeError(error),
};
