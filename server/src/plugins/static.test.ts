import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, telegramUser } from '../../test/harness.ts';

let t: TestApp;
let webRoot: string;
const PAGE = '<!doctype html><title>Катайся с нами</title>';
const MY_QR_PAGE =
  '<!doctype html><title>Катайся с нами</title><link rel="modulepreload" href="/assets/my-qr.js">';

beforeAll(async () => {
  webRoot = mkdtempSync(path.join(tmpdir(), 'kss-web-'));
  mkdirSync(path.join(webRoot, 'assets'));
  writeFileSync(path.join(webRoot, 'index.html'), PAGE);
  writeFileSync(path.join(webRoot, 'assets', 'index-3f9a1c.js'), 'console.log(1)');
  // What scripts/precompress.ts leaves beside a file: its brotli and gzip copies.
  writeFileSync(path.join(webRoot, 'assets', 'index-3f9a1c.js.br'), brotliCompressSync('console.log(1)'));
  writeFileSync(path.join(webRoot, 'assets', 'index-3f9a1c.js.gz'), gzipSync('console.log(1)'));
  writeFileSync(path.join(webRoot, 'index.html.br'), brotliCompressSync(PAGE));
  writeFileSync(path.join(webRoot, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  writeFileSync(
    path.join(webRoot, 'assets', 'fetch-ahead-worker-9b2e4d.js'),
    'addEventListener("message", () => {})',
  );
  // A screen's own page (web/screen-pages): index.html asking for the screen's chunks too.
  mkdirSync(path.join(webRoot, 'screens'));
  writeFileSync(path.join(webRoot, 'screens', 'my-coupons.html'), MY_QR_PAGE);
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

  it('sends the compressed copy a browser takes, and says so', async () => {
    const url = '/assets/index-3f9a1c.js';
    const br = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');

    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe('console.log(1)');

    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('sends the page compressed too, from the SPA fallback', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/discounts',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(PAGE);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers a screen with its own page when the build has one, with index.html otherwise', async () => {
    for (const [url, page] of [
      ['/my-coupons', MY_QR_PAGE],
      ['/my-coupons/', MY_QR_PAGE],
      ['/discounts', PAGE],
      ['/', PAGE],
      ['/my-coupons/anything', PAGE],
    ]) {
      const res = await t.app.inject({ method: 'GET', url: url ?? '' });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(page);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('serves a screen’s page only at the screen’s path, not by its file name', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/screens/my-coupons.html' });
    expect(res.statusCode).toBe(404);
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

  it('sends a script or a style the headers that matter to data, the workers the page’s policy', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-3f9a1c.js' });
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(asset.headers['x-dns-prefetch-control']).toBeUndefined();
    const worker = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.headers['content-security-policy']).toContain("connect-src 'self'");
    // A dedicated worker fetches (lib/fetch-ahead-worker.ts): its policy is its script's.
    const dedicated = await t.app.inject({ method: 'GET', url: '/assets/fetch-ahead-worker-9b2e4d.js' });
    expect(dedicated.statusCode).toBe(200);
    expect(dedicated.headers['content-security-policy']).toContain("connect-src 'self'");
  });

  it('keeps the page’s policy on a 304 to a page revalidated (a browser takes its headers in)', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/my-coupons' });
    const again = await t.app.inject({
      method: 'GET',
      url: '/my-coupons',
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
  });

  it('sends an API answer the headers that matter to data, and a policy that makes it nothing else', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/csrf' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    // The page's own policy and its document-only headers are for pages.
    expect(res.headers['x-dns-prefetch-control']).toBeUndefined();
  });

  it('adds no security header to an API 304, which confirms an answer kept with its own', async () => {
    const url = '/api/coupon/valid/qr/customer/poll_owner';
    const owner = telegramUser('poll_owner');
    const first = await t.as(owner).get(url);
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    const again = await t.as(owner).request({
      method: 'GET',
      url,
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['x-content-type-options']).toBeUndefined();
    expect(again.headers['content-security-policy']).toBeUndefined();
  });
});
