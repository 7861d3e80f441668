import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Smaller files gain less than the bytes `Content-Encoding` and `Vary` add; served as they are. */
const SMALLEST = 1024;
/** What compresses: text and WebAssembly. Images (PNG) are compressed already. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|wasm|txt)$/;

/** Brotli at its best: done once per build, so its slowness costs nothing on the way to a phone. */
export const brotli = (data: Buffer) =>
  brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_LGWIN]: constants.BROTLI_MAX_WINDOW_BITS,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });

export const gzip = (data: Buffer) => gzipSync(data, { level: constants.Z_BEST_COMPRESSION });

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of a build, which
 * @fastify/static's `preCompressed` serves with `Content-Encoding` and `Vary: Accept-Encoding`.
 */
export function precompress(folder: string): void {
  for (const entry of readdirSync(folder)) {
    const file = path.join(folder, entry);
    const stat = statSync(file);
    if (stat.isDirectory()) precompress(file);
    else if (COMPRESSIBLE.test(entry) && stat.size >= SMALLEST) {
      const data = readFileSync(file);
      writeFileSync(`${file}.br`, brotli(data));
      writeFileSync(`${file}.gz`, gzip(data));
    }
  }
}
