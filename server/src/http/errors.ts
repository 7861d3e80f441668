import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TErrorResponse } from '#contract/session';

/** An error fit to show the caller: a status, a machine code and a Russian message. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const unauthorized = (code: string, message: string) => new AppError(401, code, message);
export const forbidden = (message = 'Недостаточно прав для этого действия') =>
  new AppError(403, 'forbidden', message);
export const notFound = (message: string) => new AppError(404, 'not_found', message);

function fieldOf(error: FastifyError): string | undefined {
  const first = error.validation?.[0];
  if (!first) return undefined;
  const fromPath = first.instancePath?.replace(/^\//, '').replaceAll('/', '.');
  const missing = (first.params as { missingProperty?: string } | undefined)?.missingProperty;
  return fromPath || missing || error.validationContext;
}

/** One shape for every failure: `{ error, message }`, never a stack trace, never a 500 for bad input. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler<FastifyError | AppError>((error, request, reply) => {
    if (error instanceof AppError) {
      const body: TErrorResponse & { field?: string } = { error: error.code, message: error.message };
      if (error.field) body.field = error.field;
      return reply.status(error.statusCode).send(body);
    }
    if (error.validation) {
      const field = fieldOf(error);
      const detail = error.validation[0]?.message;
      return reply.status(400).send({
        error: 'bad_request',
        message: detail || (field ? `Неверное значение поля «${field}»` : 'Неверный запрос'),
        field,
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ error: error.code ?? 'bad_request', message: 'Неверный запрос' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send({ error: 'internal', message: 'Внутренняя ошибка сервера. Попробуйте позже.' });
  });
}

export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply
    .status(404)
    .send({ error: 'not_found', message: `Нет такого адреса: ${request.method} ${request.url}` });
}
