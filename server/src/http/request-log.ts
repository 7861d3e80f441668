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
 * `logOnlyFailures` only when it failed; every other request as before.
 */
export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>) {
    if (!isRevalidation(request) && !isQuietRoute(request)) super.incomingRequest(request, reply, metadata);
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ) {
    if (isQuietRoute(request)) {
      if (!error && reply.statusCode < 400) return;
    } else if (!isRevalidation(request)) return super.requestCompleted(error, request, reply, metadata);
    if (error) return super.requestCompleted(error, request, reply, metadata);
    if (reply.statusCode !== 304)
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
