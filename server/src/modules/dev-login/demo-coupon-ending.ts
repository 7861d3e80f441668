import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { coupons, partners, payments, purchasedCoupons } from '../../db/schema.ts';
import { DEMO_USERS } from '../../db/seed/demo-users.ts';
import { newQrToken } from '../purchased-coupons/qr.ts';

/** Of another partner than the one the README walks to, so the two coupons are told apart. */
const BOUGHT_EARLIER = 'Прокат «Байдарка и Ко»';
const DAY_MS = 24 * 3600_000;

/**
 * In the local stand-in, just after the demo data: the demo member's coupon bought five days ago
 * whose last day is tomorrow (midnight after it in `timeZone`). The reminder sweep at start names
 * it, so the stand-in's chat shows a reminder without anyone moving a clock; its QR photo comes
 * into the chat as every new QR's does. With a real bot there is no chat to show it in: not seeded.
 */
export async function seedCouponEndingTomorrow(db: Db, timeZone: string): Promise<void> {
  const member = DEMO_USERS.find((user) => user.username === 'demo_member');
  const [offer] = await db
    .select({ id: coupons.id, price: coupons.price })
    .from(coupons)
    .innerJoin(partners, eq(partners.id, coupons.partnerId))
    .where(and(eq(partners.companyName, BOUGHT_EARLIER), eq(coupons.status, 'ACCEPTED')))
    .limit(1);
  if (!member || !offer) throw new Error(`the demo data has no member or no offer of ${BOUGHT_EARLIER}`);
  const boughtAt = new Date(Date.now() - 5 * DAY_MS);
  await db.transaction(async (tx) => {
    const [payment] = await tx
      .insert(payments)
      .values({
        couponId: offer.id,
        userId: member.id,
        provider: 'sandbox',
        amount: offer.price,
        status: 'SUCCEEDED',
        createdAt: boughtAt,
        updatedAt: boughtAt,
      })
      .returning({ id: payments.id });
    if (!payment) throw new Error('the demo payment was not stored');
    await tx.insert(purchasedCoupons).values({
      couponId: offer.id,
      paymentId: payment.id,
      ownerId: member.id,
      qrToken: newQrToken(),
      verified: true,
      purchasedAt: boughtAt,
      expiresAt: sql`((now() AT TIME ZONE ${timeZone})::date + 2)::timestamp AT TIME ZONE ${timeZone}`,
    });
  });
}
