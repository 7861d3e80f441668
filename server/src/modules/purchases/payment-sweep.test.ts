import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPartnerWithCoupons, couponsIssuedFor, giveConsent } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp, telegramUser } from '../../../test/harness.ts';
import { payments } from '../../db/schema.ts';

// An app of its own: what is looked at depends on whether this process has swept before.
let t: TestApp;
const admin = telegramUser('ps_admin');
const buyer = telegramUser('ps_buyer');
let couponId: number;

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_USERNAMES: 'ps_admin' }, rateLimits: false });
  t.botApi.members.set(buyer.id, 'member');
  await giveConsent(t, buyer);
  couponId = (
    await addPartnerWithCoupons(t, admin, { companyName: 'Сухой порог' }, [{ price: 100, discount: 500 }])
  ).couponIds[0] as number;
});
afterAll(() => t.close());

/** A payment whose money came, with no coupon made for it, last changed `daysAgo` days ago. */
async function leftWithoutCoupon(daysAgo: number): Promise<string> {
  const start = await t.as(buyer).post(`/api/payments/${couponId}`);
  expect(start.statusCode).toBe(200);
  const { paymentId } = start.json() as { paymentId: string };
  await t.database.db
    .update(payments)
    .set({ status: 'SUCCEEDED', updatedAt: sql`now() - make_interval(days => ${daysAgo})` })
    .where(eq(payments.id, paymentId));
  return paymentId;
}

describe('the sweep of payments left without their coupon', () => {
  it('looks at every payment ever made in a process’s first sweep, then two days back', async () => {
    const longAgo = await leftWithoutCoupon(30);
    await t.app.maintenance.sweeps.stalePayments();
    expect(await couponsIssuedFor(t, longAgo)).toBe(1);

    // Left so three days ago while this process swept every minute, it would have been found then.
    const beyondTheLookBack = await leftWithoutCoupon(3);
    const withinIt = await leftWithoutCoupon(1);
    await t.app.maintenance.sweeps.stalePayments();
    expect(await couponsIssuedFor(t, withinIt)).toBe(1);
    expect(await couponsIssuedFor(t, beyondTheLookBack)).toBe(0);
  });
});
