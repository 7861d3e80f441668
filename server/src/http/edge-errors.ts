import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { securityHeaders } from './security-headers.ts';

/**
 * Refusals made before any route or hook runs: Fastify's router and Node's HTTP parser answer
 * these in their own English shape without our headers. Ours say it in Russian, as JSON, with the
 * security headers every other answer carries.
 */
const EDGE_REFUSALS: Record<string, { status: number; error: string; message: string }> = {
  FST_ERR_BAD_URL: {
    status: 400,
    error: 'bad_url',
    message: 'Неверный адрес запроса: в нем неправильная кодировка символов.',
  },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, error: 'url_too_long', message: 'Слишком длинный адрес запроса.' },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    error: 'headers_too_large',
    message: 'Слишком большие заголовки запроса.',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    error: 'request_timeout',
    message: 'Запрос не пришел целиком вовремя. Попробуйте снова.',
  },
};
const OTHER = { status: 400, error: 'bad_request', message: 'Неверный запрос' };

const refusalOf = (code: string | undefined) => (code && EDGE_REFUSALS[code]) || OTHER;

/** Fastify's `frameworkErrors`: a URL the router cannot read or a parameter past its length. */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const { status, ...body } = refusalOf(error.code);
  return reply.status(status).headers(securityHeaders()).send(body);
}

/** Fastify's `clientErrorHandler`: what Node's parser refuses (oversized headers, a broken request). */
export function answerClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  this.log.debug({ err: error }, 'client error');
  writeRefusal(socket, refusalOf(error.code));
  socket.destroy(error);
}

/** A refusal written straight to a socket no request of Fastify's has yet: JSON, our headers, closing. */
export function writeRefusal(
  socket: Socket,
  { status, ...refusal }: { status: number; error: string; message: string },
) {
  if (!socket.writable) return;
  const body = Buffer.from(JSON.stringify(refusal));
  const headers = {
    ...securityHeaders(),
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(body.length),
    connection: 'close',
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('\r\n')}\r\n\r\n`);
  socket.write(body);
}
