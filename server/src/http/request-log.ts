import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A read so frequent that only its failures are worth a line: the catalogue every buyer opens,
     * the user and the CSRF token every launch asks for.
     */
    logOnlyFailures?: boolean;
  }
}

/** A poll asking whether its copy still holds: it names the copy it has. */
const isRevalidation = (request: FastifyRequest) => request.headers['if-none-match'] !== undefined;
const isQuietRoute = (request: FastifyRequest) => request.routeOptions.config.logOnlyFailures === true;

/**
 * Fastify's request log, less its most frequent and least telling lines: every open My QR asks every
 * 5 s whether its list changed, and the answer is almost always 304. Such a poll is logged once,
 * when it completes, and only when it brought something (or failed); a read of a route marked
 * `logOnlyFailures` only when it failed; every other request as before. With `perRequest: 'debug'`
 * (everywhere but production: `npm start` clicked through for half an hour wrote 8,600 lines)
 * the lines of requests are written at debug, but for errors (at error) and 5xx answers (at info).
 */
export class RequestLog extends LogController {
  readonly #perRequest: 'info' | 'debug';

  constructor(options: { perRequest?: 'info' | 'debug' } = {}) {
    super();
    this.#perRequest = options.perRequest ?? 'info';
  }

  override incomingRequest(request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>) {
    if (isRevalidation(request) || isQuietRoute(request)) return;
    if (this.#perRequest === 'info') return super.incomingRequest(request, reply, metadata);
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ) {
    if (error) return super.requestCompleted(error, request, reply, metadata);
    if (isQuietRoute(request) && reply.statusCode < 400) return;
    if (isRevalidation(request) && reply.statusCode === 304) return;
    const line = { res: reply, responseTime: reply.elapsedTime };
    // A quiet route's failure, or a poll that brought something, names what was asked: no incoming line did.
    const named = isQuietRoute(request) || isRevalidation(request) ? { req: request, ...line } : line;
    if (this.#perRequest === 'info' || reply.statusCode >= 500) reply.log.info(named, 'request completed');
    else reply.log.debug(named, 'request completed');
  }
}
