import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLimitedOffer, addPartnerWithCoupons } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp, telegramUser } from '../../../test/harness.ts';
import { isCallerGone } from '../../queueing/arrival-order.ts';
import { createOfferGate } from './gate.ts';

let t: TestApp;
let couponId: number;
const admin = telegramUser('gate_admin');

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_USERNAMES: 'gate_admin' } });
  const { partnerId } = await addPartnerWithCoupons(t, admin, { companyName: 'Ворота' });
  couponId = await addLimitedOffer(t, admin, partnerId, { quantity: 10 });
});
afterAll(() => t.close());

describe('the offer gate', () => {
  it('lets presses on in the order they came, those who came while the offer was read among them', async () => {
    let now = Date.now();
    const gate = createOfferGate(t.database.db, () => now);
    const order: number[] = [];
    // A press a turn of the event loop after another: some come while the offer is read, some
    // after it came back, while the presses of the read before wait for theirs.
    async function crowd(first: number) {
      const presses: Promise<void>[] = [];
      for (let who = first; who < first + 30; who += 1) {
        presses.push(
          gate.admit(couponId).then(({ leave }) => {
            order.push(who);
            leave();
          }),
        );
        await new Promise((resolve) => setImmediate(resolve));
      }
      await Promise.all(presses);
    }
    await crowd(0);
    // A second later the offer is read again, and the same holds.
    now += 1_000;
    await crowd(30);
    expect(order).toEqual(Array.from({ length: 60 }, (_, who) => who));
  });

  it('passes over a press whose caller left while it waited for a place', async () => {
    const gate = createOfferGate(t.database.db);
    const underWay = await Promise.all(Array.from({ length: 4 }, () => gate.admit(couponId)));
    let bLeft = false;
    const outcomes: string[] = [];
    const press = (who: string, gone = () => false) =>
      gate.admit(couponId, gone).then(
        ({ leave }) => {
          outcomes.push(`${who} let on`);
          return leave;
        },
        (error: unknown) => {
          outcomes.push(isCallerGone(error) ? `${who} passed over` : `${who} ${String(error)}`);
          return () => {};
        },
      );
    const a = press('a');
    const b = press('b', () => bLeft);
    const c = press('c');
    // All three wait: every place is taken.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(outcomes).toEqual([]);
    bLeft = true;
    underWay[0]?.leave();
    (await a)();
    underWay[1]?.leave();
    await Promise.all([b, c]);
    expect(outcomes).toEqual(['a let on', 'b passed over', 'c let on']);
    for (const { leave } of underWay.slice(2)) leave();
    (await c)();
  });

  it('gives the turns at the offer’s lock in the order presses were let on, though a later one is ready first', async () => {
    const gate = createOfferGate(t.database.db);
    const [first, second, third] = await Promise.all(Array.from({ length: 3 }, () => gate.admit(couponId)));
    if (!first || !second || !third) throw new Error('three presses let on');
    const order: string[] = [];
    // The second and third finish their own reads first.
    const later = [
      second.inTurn(async () => order.push('second')),
      third.inTurn(async () => order.push('third')),
    ];
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual([]);
    await first.inTurn(async () => order.push('first'));
    await Promise.all(later);
    expect(order).toEqual(['first', 'second', 'third']);
    first.leave();
    second.leave();
    third.leave();
  });
});
