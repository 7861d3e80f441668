import { PassThrough } from 'node:stream';
import { DrizzleQueryError, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPartnerWithCoupons, buyCoupon } from '../../test/fixtures.ts';
import { createTestApp, type TestApp, telegramUser } from '../../test/harness.ts';
import { purchasedCoupons } from '../db/schema.ts';
import { logSerializers, redactUrl } from './log-redaction.ts';

let t: TestApp;
let logged = '';
const admin = telegramUser('log_admin');
const buyer = telegramUser('log_buyer');
const partner = telegramUser('log_partner');
let token: string;

beforeAll(async () => {
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => {
    logged += chunk.toString();
  });
  // Debug: request lines are written at debug outside production, and this is about what they keep.
  t = await createTestApp({ env: { ADMIN_USERNAMES: 'log_admin', LOG_LEVEL: 'debug' }, logStream });
  for (const user of [admin, buyer, partner]) t.botApi.members.set(user.id, 'member');
  const { couponIds } = await addPartnerWithCoupons(
    t,
    admin,
    { companyName: 'Лог', spokesmanNickname: 'log_partner' },
    [{ price: 150, discount: 750 }],
  );
  const id = await buyCoupon(t, buyer, couponIds[0] as number);
  const [row] = await t.database.db.select().from(purchasedCoupons).where(eq(purchasedCoupons.id, id));
  token = row?.qrToken as string;
});
afterAll(() => t.close());

const linesAbout = (fragment: string) =>
  logged
    .split('\n')
    .filter((line) => line.includes(fragment))
    .map((line) => JSON.parse(line) as { reqId?: string; req?: { url: string } });

describe('what the log keeps of a request', () => {
  it('keeps the request id and the route, never the QR token nor a username', async () => {
    logged = '';
    await t.as(partner).get(`/api/coupon/scan/${token}`);
    await t.as(partner).post(`/api/coupon/apply/${token}/log_partner`);
    await t.as(buyer).get('/api/customer/is/chat/member/log_buyer');
    await t.as(admin).get('/api/admin/purchases?q=log_buyer');

    expect(logged).not.toContain(token);
    expect(logged).not.toContain('log_partner');
    expect(logged).not.toContain('log_buyer');
    const lines = linesAbout('"msg":"incoming request"');
    expect(lines.map((line) => line.req?.url)).toEqual([
      '/api/coupon/scan/…',
      '/api/coupon/apply/…/…',
      '/api/customer/is/chat/member/…',
      '/api/admin/purchases?q=%E2%80%A6',
    ]);
    expect(lines.map((line) => typeof line.reqId)).toEqual(['string', 'string', 'string', 'string']);
  });

  it('hides a token-like segment of a path no route knows, and a token in the query', () => {
    expect(redactUrl(`/api/coupon/scanned/${token}`)).toBe('/api/coupon/scanned/…');
    expect(redactUrl('/api/geo/gpx?token=abc.def&x=1', {})).toBe('/api/geo/gpx?token=%E2%80%A6&x=1');
    expect(redactUrl('/api/partners/region', {})).toBe('/api/partners/region');
  });
});

describe('what the log keeps of a poll', () => {
  it('keeps nothing of an unchanged one, and one line of one that brought news', async () => {
    const url = '/api/coupon/valid/qr/customer/log_buyer';
    const etag = (await t.as(buyer).get(url)).headers.etag as string;
    logged = '';
    const unchanged = await t.as(buyer).request({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(unchanged.statusCode).toBe(304);
    expect(logged).toBe('');

    const changed = await t
      .as(buyer)
      .request({ method: 'GET', url, headers: { 'if-none-match': 'W/"old"' } });
    expect(changed.statusCode).toBe(200);
    const lines = logged
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toEqual([
      expect.objectContaining({
        msg: 'request completed',
        req: expect.objectContaining({ url: '/api/coupon/valid/qr/customer/…' }),
      }),
    ]);
  });
});

describe('what the log keeps of a failed query', () => {
  it('keeps the SQL and drops the parameter values', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      detail: `Key (qr_token)=(${token}) already exists.`,
    });
    const error = new DrizzleQueryError('insert into "purchased_coupons" values ($1)', [token], cause);

    const shown = JSON.stringify(logSerializers.err(error));

    expect(shown).not.toContain(token);
    expect(shown).toContain('insert into \\"purchased_coupons\\" values ($1)');
    expect(shown).toContain('23505');
  });

  it('drops values that hold newlines, a bot message text among them, from the message and the stack', () => {
    const text = `Купон подарен.\nQR: ${token}\nparams: второй`;
    const error = new DrizzleQueryError(
      'insert into "notifications" values ($1, $2, $3)',
      [1, text, token],
      undefined,
    );
    expect(error.stack).toContain(token);

    const shown = logSerializers.err(error);

    expect(JSON.stringify(shown)).not.toContain(token);
    expect(JSON.stringify(shown)).not.toContain('Купон подарен');
    expect(JSON.stringify(shown)).not.toContain('второй');
    expect(shown.message).toBe('Failed query: insert into "notifications" values ($1, $2, $3)');
    expect(shown.stack).toMatch(
      /^Error: Failed query: insert into "notifications" values \(\$1, \$2, \$3\)\n {4}at /,
    );
  });
});
