import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from '../src/plugins/static.ts';
import { pruneBuilds, sourcesHash, switchLink } from './build-web.ts';

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

  it('serves the assets of a build switched to after start, and of the one before it', async () => {
    const live = path.join(dir, 'assets-web');
    const before = buildInto('web-c', 'before');
    mkdirSync(path.join(before, 'assets'));
    writeFileSync(path.join(before, 'assets', 'decoder-old1.js'), 'old');
    switchLink(live, before);
    const app = Fastify();
    await registerWebApp(app, live);
    try {
      const after = buildInto('web-d', 'after');
      mkdirSync(path.join(after, 'assets'));
      writeFileSync(path.join(after, 'assets', 'decoder-new2.js'), 'new');
      switchLink(live, after);

      const get = async (url: string) => {
        const res = await app.inject({ method: 'GET', url });
        return [res.statusCode, res.statusCode === 200 ? res.body : res.json().error];
      };
      // A page loaded after the switch, one loaded before it, and a file no build has.
      expect(await get('/assets/decoder-new2.js')).toEqual([200, 'new']);
      expect(await get('/assets/decoder-old1.js')).toEqual([200, 'old']);
      expect(await get('/assets/decoder-none3.js')).toEqual([404, 'not_found']);
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
      mkdirSync(path.join(sources, 'server/scripts'), { recursive: true });
      writeFileSync(path.join(sources, 'server/scripts/build-web.ts'), 'how it builds');
      const afterScript = sourcesHash(sources, {});
      const underDevelopment = sourcesHash(sources, { NODE_ENV: 'development' });
      const withViteVariable = sourcesHash(sources, { VITE_SOMETHING: '1' });

      expect(afterTest).toBe(before);
      expect(afterSource).not.toBe(before);
      expect(afterScript).not.toBe(afterSource);
      // Every build is the production build: the server's NODE_ENV changes nothing in it.
      expect(underDevelopment).toBe(afterScript);
      expect(withViteVariable).not.toBe(afterScript);
    } finally {
      rmSync(sources, { recursive: true, force: true });
    }
  });

  it('removes older builds, never the one another start from this checkout is still writing', () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'kss-dist-'));
    try {
      const finished = (name: string) => {
        mkdirSync(path.join(dist, name));
        writeFileSync(path.join(dist, `${name}.hash`), name);
      };
      for (const name of ['web-1-old', 'web-2-before', 'web-4-new']) finished(name);
      mkdirSync(path.join(dist, 'web-3-building'));
      mkdirSync(path.join(dist, 'web-0-crashed'));
      const longAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
      utimesSync(path.join(dist, 'web-0-crashed'), longAgo, longAgo);

      pruneBuilds(dist, ['web-4-new', 'web-2-before']);

      expect(readdirSync(dist).sort()).toEqual([
        'web-2-before',
        'web-2-before.hash',
        'web-3-building',
        'web-4-new',
        'web-4-new.hash',
      ]);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
