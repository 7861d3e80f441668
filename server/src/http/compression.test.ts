import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPartnerWithCoupons } from '../../test/fixtures.ts';
import { createTestApp, type TestApp, telegramUser } from '../../test/harness.ts';

let t: TestApp;
const admin = telegramUser('packing_admin');
const LIST = `/api/partners/filter/${encodeURIComponent('Вуокса')}`;

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_USERNAMES: 'packing_admin' } });
  // Twelve partners with their conditions: a list of well over 1 KB.
  for (let i = 0; i < 12; i += 1)
    await addPartnerWithCoupons(t, admin, { region: 'Вуокса' }, [{ price: 30, discount: 100 }]);
});
afterAll(() => t.close());

const get = (url: string, encodings?: string) =>
  t.as(admin).request({ method: 'GET', url, headers: encodings ? { 'accept-encoding': encodings } : {} });

describe('API answers on the wire', () => {
  it('sends a list over 1 KB compressed to a browser that takes brotli', async () => {
    const plain = await get(LIST);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const packed = await get(LIST, 'gzip, deflate, br');
    expect(packed.headers['content-encoding']).toBe('br');
    expect(packed.headers.vary).toContain('accept-encoding');
    expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(brotliDecompressSync(packed.rawPayload).toString()).toBe(plain.body);
  });

  it('sends a small answer as it is', async () => {
    const res = await get('/api/partners/region', 'gzip, deflate, br');
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
