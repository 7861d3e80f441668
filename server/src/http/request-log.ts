import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/** A poll asking whether its copy still holds: it names the copy it has. */
const isRevalidation = (request: FastifyRequest) => request.headers['if-none-match'] !== undefined;

/**
 * Fastify's request log, less its most frequent and least telling lines: every open My QR asks every
 * 5 s whether its list changed, and the answer is almost always 304. Such a poll is logged once,
 * when it completes, and only when it brought something (or failed); every other request as before.
 */
export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>) {
    if (!isRevalidation(request)) super.incomingRequest(request, reply, metadata);
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ) {
    if (!isRevalidation(request)) return super.requestCompleted(error, request, reply, metadata);
    if (error) return super.requestCompleted(error, request, reply, metadata);
    if (reply.statusCode !== 304)
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
