import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Answers of the API above 1 KB (the lists) go out compressed: brotli at a quality that costs a
 * fraction of a millisecond per answer, gzip for a browser without it. Smaller ones gain less than
 * the headers cost.
 */
export const compressApiAnswers = (api: FastifyInstance) =>
  api.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
