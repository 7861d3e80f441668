import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from '../src/plugins/static.ts';
import { sourcesHash, switchLink } from './build-web.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'kss-build-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const buildInto = (name: string, text: string) => {
  mkdirSync(path.join(dir, name));
  writeFileSync(path.join(dir, name, 'index.html'), `<!doctype html><title>${text}</title>`);
  return path.join(dir, name);
};

describe('switching to a new build of the web app', () => {
  it('never leaves a running server without the app, while builds switch under it', async () => {
    const live = path.join(dir, 'web');
    const first = buildInto('web-a', 'first');
    const second = buildInto('web-b', 'second');
    // The first switch meets the real folder an older `npm run build` left.
    buildInto('web', 'before');
    const app = Fastify();
    switchLink(live, first);
    await registerWebApp(app, live);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/`;
    try {
      // Forty page loads while the link flips between the two builds as fast as it can.
      const seen: string[] = [];
      let flips = 0;
      const flipping = (async () => {
        while (seen.length < 40) {
          flips += 1;
          switchLink(live, flips % 2 === 0 ? first : second);
          await new Promise((resolve) => setImmediate(resolve));
        }
      })();
      while (seen.length < 40) {
        const response = await fetch(url);
        seen.push(`${response.status} ${/<title>(\w+)/.exec(await response.text())?.[1]}`);
      }
      await flipping;

      expect(flips).toBeGreaterThan(40);
      expect(seen.filter((answer) => answer !== '200 first' && answer !== '200 second')).toEqual([]);
      switchLink(live, second);
      const direct = await fetch(`${url}index.html`);
      expect([direct.status, /<title>(\w+)/.exec(await direct.text())?.[1]]).toEqual([200, 'second']);
    } finally {
      await app.close();
    }
  });

  it('builds again only when what the build reads has changed', () => {
    const sources = mkdtempSync(path.join(tmpdir(), 'kss-sources-'));
    try {
      mkdirSync(path.join(sources, 'web/src/__tests__'), { recursive: true });
      writeFileSync(path.join(sources, 'web/src/main.tsx'), 'one');
      writeFileSync(path.join(sources, 'package-lock.json'), '{}');
      const before = sourcesHash(sources);

      writeFileSync(path.join(sources, 'web/src/__tests__/main.test.tsx'), 'a test');
      const afterTest = sourcesHash(sources);
      writeFileSync(path.join(sources, 'web/src/main.tsx'), 'two');
      const afterSource = sourcesHash(sources);

      expect(afterTest).toBe(before);
      expect(afterSource).not.toBe(before);
    } finally {
      rmSync(sources, { recursive: true, force: true });
    }
  });
});
