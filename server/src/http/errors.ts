import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '#contract/errors';
import type { TErrorResponse } from '#contract/session';
import { isDatabaseUnavailable } from '../db/errors.ts';
import { DomainError, type DomainErrorDetails } from '../domain/domain-error.ts';
import { isCallerGone } from '../queueing/arrival-order.ts';
import { isWaitRefused } from '../queueing/wait-refused.ts';
import { httpTexts } from './texts.ts';

/** How one refusal reaches the caller: its status, the contract's `error` code and the Russian text. */
export interface Refusal {
  status: number;
  /** The `error` the caller sees, when it is not the refusal's own code (a plain `not_found` …). */
  error?: string;
  message: string | ((details: DomainErrorDetails) => string);
  /** The input field the refusal is about; else the one its thrower names in `details.field`. */
  field?: string;
}

/** A module's refusals by domain code: the one place its statuses and texts are decided. */
export type Refusals = Record<string, Refusal>;

function fieldOf(error: FastifyError): string | undefined {
  const first = error.validation?.[0];
  if (!first) return undefined;
  const fromPath = first.instancePath?.replace(/^\//, '').replaceAll('/', '.');
  const missing = (first.params as { missingProperty?: string } | undefined)?.missingProperty;
  return fromPath || missing || error.validationContext;
}

/** One shape for every failure: `{ error, message }`, never a stack trace, never a 500 for bad input. */
export function registerErrorHandling(app: FastifyInstance, tables: Refusals[]) {
  const refusals = new Map<string, Refusal>();
  for (const table of tables) {
    for (const [code, refusal] of Object.entries(table)) {
      if (refusals.has(code)) throw new Error(`refusal ${code} is declared twice`);
      refusals.set(code, refusal);
    }
  }

  app.setErrorHandler<FastifyError | DomainError>((error, request, reply) => {
    // A code no table declares falls through to the 500 below, logged.
    const refusal = error instanceof DomainError ? refusals.get(error.code) : undefined;
    if (refusal) {
      const { code, details } = error as DomainError;
      const message = typeof refusal.message === 'string' ? refusal.message : refusal.message(details);
      const body: TErrorResponse & { field?: string } = { error: refusal.error ?? code, message };
      const field = refusal.field ?? (typeof details.field === 'string' ? details.field : undefined);
      if (field) body.field = field;
      return reply.status(refusal.status).send(body);
    }
    if ('validation' in error && error.validation) {
      const field = fieldOf(error);
      const detail = error.validation[0]?.message;
      return reply.status(400).send({
        error: ErrorCode.badRequest,
        message: detail || (field ? httpTexts.badField(field) : httpTexts.badRequest),
        field,
      });
    }
    const status = ('statusCode' in error && error.statusCode) || 500;
    if (status >= 400 && status < 500) {
      return reply
        .status(status)
        .send({ error: error.code ?? ErrorCode.badRequest, message: httpTexts.badRequest });
    }
    if (isCallerGone(error)) {
      // Nobody reads the answer; one line, not an error: the caller gave up waiting.
      request.log.info('request dropped: its caller had gone before its turn at the database');
      return reply
        .status(503)
        .send({ error: ErrorCode.databaseUnavailable, message: httpTexts.databaseUnavailable });
    }
    if (isWaitRefused(error)) {
      // A queue of this process past its bound or its deadline: busier than a person should wait for.
      request.log.warn('request refused: it would wait past its queue’s bound or deadline');
      return reply.status(503).send({ error: ErrorCode.serverBusy, message: httpTexts.serverBusy });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'request failed: the database does not answer');
      return reply
        .status(503)
        .send({ error: ErrorCode.databaseUnavailable, message: httpTexts.databaseUnavailable });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: ErrorCode.internal, message: httpTexts.internal });
  });
}

export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply
    .status(404)
    .send({ error: ErrorCode.notFound, message: httpTexts.noSuchAddress(request.method, request.url) });
}
