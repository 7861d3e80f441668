import type { Server } from 'node:http';
import type { FastifyHttpOptions } from 'fastify';
import type { Config } from '../config.ts';
import { requestTimeouts } from './connection-limits.ts';
import { answerClientError, answerFrameworkError } from './edge-errors.ts';
import { logSerializers } from './log-redaction.ts';
import { RequestLog } from './request-log.ts';

/**
 * What Fastify is made with: the log, the proxies trusted, a request's limits of size and time, and
 * the answers to requests too broken to reach a route.
 */
export function serverOptions(
  config: Config,
  log: {
    /** Off: nothing is logged. */
    logger?: boolean;
    /** Where log lines go instead of stdout (a test reading what the log keeps). */
    logStream?: NodeJS.WritableStream;
  },
): FastifyHttpOptions<Server> {
  return {
    logger:
      log.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers["x-xsrf-token"]'],
            serializers: logSerializers,
            ...(log.logStream ? { stream: log.logStream } : {}),
          },
    // Production keeps a line per request; elsewhere (npm start) they are debug lines.
    logController: new RequestLog({ perRequest: config.env === 'production' ? 'info' : 'debug' }),
    trustProxy: config.trustedProxies,
    // Path segments carry QR tokens, regions and organizers up to 200 characters; our schemas,
    // not the router's default of 100, decide what is too long (a 400 naming the field).
    routerOptions: { maxParamLength: 256 },
    bodyLimit: 256 * 1024,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // A request must arrive whole in time: one whose body never finishes is answered 408 and closed.
    ...requestTimeouts(config.requestTimeoutMs),
  };
}
