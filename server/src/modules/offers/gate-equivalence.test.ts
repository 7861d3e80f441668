import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLimitedOffer, addPartnerWithCoupons } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp, telegramUser } from '../../../test/harness.ts';
import { offerHolds, offerWaitlist } from '../../db/schema.ts';
import { DomainError } from '../../domain/domain-error.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import type { TelegramUser } from '../../telegram/init-data.ts';
import { createPaymentStart } from '../purchases/payment-start.ts';
import type { Admission } from './gate.ts';

/**
 * The gate never grants: the offer's row lock decides who gets a unit. So a crowd pressing through
 * the gate and the same crowd going straight to the lock end alike, person by person; the gate only
 * says «sold out» sooner and orders the starts.
 */
let t: TestApp;
let partnerId: number;
const admin = telegramUser('equal_admin');

const provider: PaymentProvider = {
  name: 'sandbox',
  verified: false,
  createPayment: async ({ paymentId }) => ({
    providerPaymentId: paymentId,
    confirmationUrl: `https://pay.example/${paymentId}`,
  }),
  getPayment: () => Promise.reject(new Error('no payment is read back here')),
};

/** A start made with the one gate, or without any: each press goes to the lock at once. */
function starts(t: TestApp) {
  const start = createPaymentStart({
    db: t.database.db,
    provider,
    log: t.app.log,
    timeZone: 'Europe/Moscow',
    // Consent and e-mail are not what is compared here.
    privacy: { requireReadyToPay: async () => ({ email: null }) },
    receipts: false,
    holdMinutes: 15,
    waitlist: { minutes: 120, tell: async () => {} },
  });
  const straight: Admission = { inTurn: (work) => work(), leave: () => {} };
  /** What a press ends in: a payment, or the refusal's code. */
  async function press(through: 'gate' | 'lock', person: TelegramUser, offerId: number): Promise<string> {
    let admission = straight;
    try {
      if (through === 'gate') admission = await start.admit(offerId);
      await start.startPayment(person.id, offerId, admission);
      return 'payment';
    } catch (error) {
      if (error instanceof DomainError) return error.code;
      throw error;
    } finally {
      admission.leave();
    }
  }
  return press;
}

/** People the database knows (a payment names its buyer). */
async function people(name: string, size: number) {
  const crowd = Array.from({ length: size }, (_, i) => telegramUser(`${name}_${i}`));
  for (const person of crowd) await t.as(person).get('/api/me');
  return crowd;
}

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_USERNAMES: 'equal_admin' } });
  ({ partnerId } = await addPartnerWithCoupons(t, admin, { companyName: 'Равенство' }));
});
afterAll(() => t.close());

describe('the gate on and the gate off', () => {
  it('give a drop the same units: the quantity in payments, everyone else «sold out»', async () => {
    const press = starts(t);
    const crowd = await people('drop', 30);
    const outcomes = async (through: 'gate' | 'lock') => {
      const offerId = await addLimitedOffer(t, admin, partnerId, { quantity: 5 });
      const ends = await Promise.all(crowd.map((person) => press(through, person, offerId)));
      return ends.reduce<Record<string, number>>((tally, end) => {
        tally[end] = (tally[end] ?? 0) + 1;
        return tally;
      }, {});
    };
    const gated = await outcomes('gate');
    expect(gated).toEqual({ payment: 5, sold_out: 25 });
    expect(await outcomes('lock')).toEqual(gated);
  });

  it('give a unit freed for the line to the first in line and to nobody else, whoever presses first', async () => {
    const press = starts(t);
    const [first, ...strangers] = await people('line', 8);
    if (!first) throw new Error('a crowd');
    const outcomes = async (through: 'gate' | 'lock') => {
      const offerId = await addLimitedOffer(t, admin, partnerId, { quantity: 1 });
      const [holder] = strangers;
      if (!holder) throw new Error('a holder');
      expect(await press(through, holder, offerId)).toBe('payment');
      // The holder's page was left unpaid past its time, and the first in line waits for a unit.
      await t.database.db
        .update(offerHolds)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(offerHolds.couponId, offerId));
      await t.database.db.insert(offerWaitlist).values({ couponId: offerId, userId: first.id });
      const ends = await Promise.all([
        ...strangers.map((person) => press(through, person, offerId)),
        press(through, first, offerId),
      ]);
      return ends;
    };
    const gated = await outcomes('gate');
    expect(gated).toEqual([...strangers.map(() => 'sold_out'), 'payment']);
    expect(await outcomes('lock')).toEqual(gated);
  });
});
