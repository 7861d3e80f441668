import type { FastifyReply } from 'fastify';

/**
 * Answers a bare JSON string (the spec's `"ok"`, or `""` for a redeem): Fastify would otherwise
 * send a string as text/plain, unquoted.
 */
export function sendJsonText(reply: FastifyReply, text: string, status = 200) {
  return reply.status(status).type('application/json; charset=utf-8').send(JSON.stringify(text));
}
