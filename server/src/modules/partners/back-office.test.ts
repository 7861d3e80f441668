import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPartnerWithCoupons, buyCoupon, periodAroundToday } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp, telegramUser } from '../../../test/harness.ts';
import { auditEvents, partners, purchasedCoupons } from '../../db/schema.ts';

let t: TestApp;
const admin = telegramUser('bo_admin');
const buyer = telegramUser('bo_buyer');
const spokesmanA = telegramUser('bo_spokes_a');
const spokesmanB = telegramUser('bo_spokes_b');
const staffA = telegramUser('bo_staff_a');
let a: { partnerId: number; couponIds: number[] };
let b: { partnerId: number; couponIds: number[] };

const partnerBody = (over: Record<string, unknown> = {}) => ({
  region: 'Карелия',
  companyName: 'Бурлак',
  partnerType: 'ШКОЛА',
  phoneNumber: '79110000001',
  address: 'Петрозаводск, ул. Речная, 2',
  email: 'burlak@example.ru',
  spokesmanNickname: 'bo_spokes_a',
  discountConditions: ['Только по будням'],
  ...over,
});

const tokenOf = async (id: string) =>
  (await t.database.db.select().from(purchasedCoupons).where(eq(purchasedCoupons.id, id)))[0]
    ?.qrToken as string;
const auditOf = (kind: string, subject: string) =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.kind, kind), eq(auditEvents.subject, subject)));

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_USERNAMES: 'bo_admin' }, rateLimits: false });
  for (const user of [buyer, spokesmanA, spokesmanB, staffA]) t.botApi.members.set(user.id, 'member');
  a = await addPartnerWithCoupons(
    t,
    admin,
    { region: 'Карелия', companyName: 'Бурлак', spokesmanNickname: 'bo_spokes_a' },
    [{ price: 120, discount: 400 }],
  );
  b = await addPartnerWithCoupons(
    t,
    admin,
    { region: 'Карелия', companyName: 'Порог', spokesmanNickname: 'bo_spokes_b' },
    [{ price: 90, discount: 300 }],
  );
  await t.as(spokesmanA).get('/api/me');
  await t.as(spokesmanB).get('/api/me');
});
afterAll(() => t.close());

describe('pausing a partner', () => {
  it('hides its offers from buyers and refuses to sell them; coupons sold before stay redeemable', async () => {
    const sold = await buyCoupon(t, buyer, a.couponIds[0] as number);

    expect((await t.as(admin).post(`/api/admin/partners/${a.partnerId}/pause`)).statusCode).toBe(200);

    const listed = await t.as(buyer).get(`/api/partners/filter/${encodeURIComponent('Карелия')}`);
    expect(listed.json().map((p: { companyName: string }) => p.companyName)).toEqual(['Порог']);
    expect((await t.as(buyer).get(`/api/coupons/partner/${a.partnerId}`)).json()).toEqual([]);
    const start = await t.as(buyer).post(`/api/payments/${a.couponIds[0]}`);
    expect(start.json()).toEqual({ error: 'not_found', message: 'Этот купон не продается' });
    const redeem = await t.as(spokesmanA).post(`/api/coupon/apply/${await tokenOf(sold)}/bo_spokes_a`);
    expect(redeem.statusCode).toBe(200);
    expect(await auditOf('partner.paused', `partner:${a.partnerId}`)).toHaveLength(1);

    await t.as(admin).post(`/api/admin/partners/${a.partnerId}/resume`);
    const again = await t.as(buyer).get(`/api/partners/filter/${encodeURIComponent('Карелия')}`);
    expect(again.json()).toHaveLength(2);
  });

  it('lists every partner to admins with its status, staff and offers, and to nobody else', async () => {
    await t.as(admin).post(`/api/admin/partners/${b.partnerId}/pause`);
    const res = await t.as(admin).get('/api/admin/partners');
    const porog = res.json().find((p: { id: number }) => p.id === b.partnerId);
    expect(porog).toMatchObject({
      companyName: 'Порог',
      status: 'paused',
      staff: [],
      offers: [{ price: 90, discount: 300, state: 'on_sale', validUntil: null, validDays: null }],
    });
    await t.as(admin).post(`/api/admin/partners/${b.partnerId}/resume`);
    expect((await t.as(spokesmanA).get('/api/admin/partners')).statusCode).toBe(403);
    expect((await t.as(spokesmanA).post(`/api/admin/partners/${b.partnerId}/pause`)).statusCode).toBe(403);
  });
});

describe('editing a partner', () => {
  it('validates as adding does and changes nothing on a bad field', async () => {
    const res = await t
      .as(admin)
      .put(`/api/admin/partners/${a.partnerId}`, partnerBody({ phoneNumber: '123' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'phoneNumber', message: expect.stringContaining('Телефон') });
    const [row] = await t.database.db.select().from(partners).where(eq(partners.id, a.partnerId));
    expect(row?.phone).toBe('79110000000');
  });

  it('refuses HTML in the name or the region, as adding does, and changes nothing', async () => {
    for (const [field, value] of [
      ['companyName', 'Порог <i>new</i>'],
      ['region', '<b>Карелия</b>'],
    ] as const) {
      const res = await t
        .as(admin)
        .put(`/api/admin/partners/${a.partnerId}`, partnerBody({ [field]: value }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field, message: expect.stringContaining('HTML-тегов') });
    }
    expect(await auditOf('partner.edited', `partner:${a.partnerId}`)).toHaveLength(0);
  });

  it('refuses the name of another partner of the region with 409 and records nothing', async () => {
    const res = await t
      .as(admin)
      .put(`/api/admin/partners/${a.partnerId}`, partnerBody({ companyName: 'порог' }));
    expect(res.statusCode).toBe(409);
    expect(await auditOf('partner.edited', `partner:${a.partnerId}`)).toHaveLength(0);
  });

  it('saves the new fields and records what changed', async () => {
    const res = await t
      .as(admin)
      .put(`/api/admin/partners/${a.partnerId}`, partnerBody({ address: 'Кондопога, 5' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: a.partnerId, address: 'Кондопога, 5' });
    const [event] = await auditOf('partner.edited', `partner:${a.partnerId}`);
    expect([...((event?.details.changed ?? []) as string[])].sort()).toEqual([
      'address',
      'discountConditions',
      'email',
      'phoneNumber',
    ]);
    expect(event?.actorId).toBe(admin.id);
  });
});

describe('staff', () => {
  it('the spokesman sets the list; staff are bound at first sight and get the staff role', async () => {
    const res = await t
      .as(spokesmanA)
      .put(`/api/partners/${a.partnerId}/staff`, { usernames: ['https://t.me/bo_staff_a', ' @BO_Staff_A '] });
    expect(res.statusCode).toBe(200);
    expect((await t.as(spokesmanA).get(`/api/partners/${a.partnerId}/staff`)).json()).toEqual({
      usernames: ['bo_staff_a'],
    });
    expect((await t.as(staffA).get('/api/me')).json().role).toBe('staff');
    expect(await auditOf('staff.changed', `partner:${a.partnerId}`)).toHaveLength(1);
  });

  it('says which Russian letter hides in a name, and that a phrase is no username', async () => {
    const put = (name: string) =>
      t.as(spokesmanA).put(`/api/partners/${a.partnerId}/staff`, { usernames: ['bo_staff_a', name] });
    expect((await put('bо_cashier')).json().message).toBe(
      'В имени русская буква «о»: юзернеймы Telegram пишутся латиницей',
    );
    expect((await put('наш кассир')).json().message).toBe(
      'Это не юзернейм Telegram: в нем только латинские буквы, цифры и _',
    );
  });

  it('another partner’s spokesman and staff may not change it', async () => {
    const res = await t.as(spokesmanB).put(`/api/partners/${a.partnerId}/staff`, { usernames: ['bo_buyer'] });
    expect(res.statusCode).toBe(403);
    expect((await t.as(staffA).put(`/api/partners/${a.partnerId}/staff`, { usernames: [] })).statusCode).toBe(
      403,
    );
  });

  it('staff redeem their company’s coupon, recorded as theirs, but not another company’s', async () => {
    const own = await buyCoupon(t, buyer, a.couponIds[0] as number);
    const other = await buyCoupon(t, buyer, b.couponIds[0] as number);

    expect((await t.as(staffA).get(`/api/coupon/scan/${await tokenOf(other)}`)).statusCode).toBe(403);
    expect((await t.as(staffA).post(`/api/coupon/apply/${await tokenOf(other)}/bo_staff_a`)).statusCode).toBe(
      403,
    );
    expect((await t.as(staffA).post(`/api/coupon/apply/${await tokenOf(own)}/bo_staff_a`)).statusCode).toBe(
      200,
    );

    const [row] = await t.database.db.select().from(purchasedCoupons).where(eq(purchasedCoupons.id, own));
    expect(row).toMatchObject({ status: 'USED', redeemedBy: staffA.id });
    expect((await t.as(staffA).post(`/api/coupon/undo/${await tokenOf(own)}`)).statusCode).toBe(200);
  });

  it('staff may not ask for coupons', async () => {
    const res = await t
      .as(staffA)
      .post('/api/coupon/apply', { partnerId: a.partnerId, price: 30, discount: 100 });
    expect(res.statusCode).toBe(403);
  });

  it('staff read their company’s report, not another’s', async () => {
    const period = periodAroundToday();
    expect((await t.as(staffA).get(`/api/reports/redemptions?${period}`)).statusCode).toBe(200);
    const foreign = await t.as(staffA).get(`/api/reports/redemptions?${period}&partnerId=${b.partnerId}`);
    expect(foreign.statusCode).toBe(403);
    expect((await t.as(staffA).get('/api/reports/partners')).json()).toEqual([
      { id: a.partnerId, companyName: 'Бурлак', region: 'Карелия' },
    ]);
    expect((await t.as(buyer).get(`/api/reports/redemptions?${period}`)).statusCode).toBe(403);
  });

  it('a removed staff member loses the role', async () => {
    await t.as(admin).put(`/api/partners/${a.partnerId}/staff`, { usernames: [] });
    expect((await t.as(staffA).get('/api/me')).json().role).toBe('user');
  });
});

describe('the audit log', () => {
  it('is written in the change’s own transaction: when it cannot be written, the change does not happen', async () => {
    await t.database.db.execute(sql`ALTER TABLE audit_events RENAME TO audit_events_away`);
    try {
      const res = await t.as(admin).post(`/api/admin/partners/${b.partnerId}/pause`);
      expect(res.statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql`ALTER TABLE audit_events_away RENAME TO audit_events`);
    }
    const [row] = await t.database.db.select().from(partners).where(eq(partners.id, b.partnerId));
    expect(row?.pausedAt).toBeNull();
  });

  it('a refused change leaves no event', async () => {
    const res = await t.as(admin).post('/api/admin/partners/999999/pause');
    expect(res.statusCode).toBe(404);
    expect(await auditOf('partner.paused', 'partner:999999')).toHaveLength(0);
  });

  it('nothing updates or deletes it', async () => {
    await expect(t.database.db.execute(sql`UPDATE audit_events SET kind = 'x'`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`DELETE FROM audit_events`)).rejects.toThrow();
    const events = await t.as(admin).get(`/api/admin/audit?${periodAroundToday()}&kind=partner.added`);
    expect(events.json().map((e: { subject: string }) => e.subject)).toEqual(
      expect.arrayContaining([`partner:${a.partnerId}`, `partner:${b.partnerId}`]),
    );
    expect((await t.as(spokesmanA).get(`/api/admin/audit?${periodAroundToday()}`)).statusCode).toBe(403);
  });
});
