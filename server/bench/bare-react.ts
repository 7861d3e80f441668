import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const ROOT = fileURLToPath(new URL('./bare-react/', import.meta.url));
const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript' };

/**
 * Lighthouse's yardstick (house rule 6: every figure beside a baseline measured in the same run):
 * React alone drawing a Home of three buttons after the same «Загрузка…» first paint as the app,
 * built by Vite for production and served compressed from loopback. What it scores on this machine
 * at the same calibrated slowdown is the most any React screen can expect here.
 */
export async function startBareReact() {
  const outDir = await mkdtemp(path.join(tmpdir(), 'kss-bare-react-'));
  await build({
    root: ROOT,
    configFile: false,
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true, modulePreload: { polyfill: false } },
  });
  const files = new Map<string, Buffer>();
  for (const file of await readdir(outDir, { recursive: true })) {
    if (!(path.extname(file) in TYPES)) continue;
    files.set(`/${file}`, gzipSync(await readFile(path.join(outDir, file))));
  }
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost').pathname;
    const name = url === '/' ? '/index.html' : url;
    const body = files.get(name);
    if (!body) return void response.writeHead(404).end();
    response
      .writeHead(200, { 'content-type': TYPES[path.extname(name)] ?? '', 'content-encoding': 'gzip' })
      .end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    stop: async () => {
      await new Promise((resolve) => server.close(resolve));
      await rm(outDir, { recursive: true, force: true });
    },
  };
}
