import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let webRoot: string;

beforeAll(async () => {
  webRoot = mkdtempSync(path.join(tmpdir(), 'kss-web-'));
  mkdirSync(path.join(webRoot, 'assets'));
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Катайся с нами</title>');
  writeFileSync(path.join(webRoot, 'assets', 'index-3f9a1c.js'), 'console.log(1)');
  t = await createTestApp({ webRoot });
});
afterAll(async () => {
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('never caches index.html', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Катайся с нами');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('caches hashed assets for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-3f9a1c.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a screen route with index.html (SPA fallback)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/gift-to-friend?couponId=5' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers an unknown API path or missing file with a JSON 404', async () => {
    for (const url of ['/api/nothing-here', '/assets/missing.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: 'not_found' });
    }
  });

  it('sends security headers that still let Telegram frame the app and OSM tiles load', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['content-security-policy']).toContain(
      "frame-ancestors 'self' https://web.telegram.org",
    );
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    // Map tiles under the recorded geo tracks, and images from nowhere else.
    expect(res.headers['content-security-policy']).toContain(
      "img-src 'self' data: blob: https://tile.openstreetmap.org;",
    );
  });
});
