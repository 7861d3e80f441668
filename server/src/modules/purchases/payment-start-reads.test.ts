import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPartnerWithCoupons, giveConsent } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp, telegramUser } from '../../../test/harness.ts';

// The route's consent check (before Telegram is asked about membership) and the start's (with the
// receipt's e-mail) are one read: what the first read, the second goes on from.

let sent: string[] = [];
let t: TestApp;
const admin = telegramUser('psr_admin');
let couponId: number;

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_USERNAMES: 'psr_admin' }, onStatement: (text) => sent.push(text) });
  couponId = (await addPartnerWithCoupons(t, admin, {}, [{ price: 100, discount: 1000 }]))
    .couponIds[0] as number;
});
afterAll(() => t.close());

/** The statements of one payment start that read the buyer's consent, the start answered 200. */
async function consentReadsOfStart(buyer: ReturnType<typeof telegramUser>): Promise<string[]> {
  sent = [];
  const res = await t.as(buyer).post(`/api/payments/${couponId}`);
  expect(res.statusCode, res.body).toBe(200);
  return sent.filter((text) => text.includes('"consent_edition"'));
}

describe('a payment start', () => {
  it('reads the buyer’s consent once', async () => {
    const buyer = telegramUser('psr_buyer');
    t.botApi.members.set(buyer.id, 'member');
    await giveConsent(t, buyer);

    const reads = await consentReadsOfStart(buyer);

    expect(reads, reads.join('\n')).toHaveLength(1);
  });

  it('reads it not at all past the profile’s write, which returned it', async () => {
    const buyer = telegramUser('psr_renamed');
    t.botApi.members.set(buyer.id, 'member');
    await giveConsent(t, buyer);

    // A new first name is news: the request writes the profile, and the write returns the row.
    const reads = await consentReadsOfStart({ ...buyer, firstName: 'Переименованный' });

    expect(reads, reads.join('\n')).toHaveLength(1);
    expect(reads[0]).toMatch(/^\s*WITH profile AS \(\s*INSERT INTO "users"/);
  });
});
