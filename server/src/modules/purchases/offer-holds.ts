import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { coupons, offerHolds, offerWaitlist, payments, purchasedCoupons } from '../../db/schema.ts';
import { countsAsSold } from '../catalogue/offer-stock.ts';

/** An offer's limits as a payment start reads them. */
export interface OfferLimitsRow {
  quantity: number | null;
  perBuyer: number | null;
}

export const isLimited = (offer: OfferLimitsRow) => offer.quantity !== null || offer.perBuyer !== null;

/**
 * Every decision about a limited offer's units — a hold taken, a late payment given a unit — is made
 * holding its row's lock (FOR NO KEY UPDATE: the payments' and holds' foreign keys still insert
 * beside it), so starts of one offer in any number of processes queue one after another and each
 * counts what the one before it wrote. A row lock lasts only its transaction: it needs no session of
 * its own, and holds through PgBouncer in transaction mode (ADR 0022).
 */
export async function lockOffer(tx: Db, couponId: number): Promise<OfferLimitsRow | undefined> {
  const [row] = await tx
    .select({ quantity: coupons.quantity, perBuyer: coupons.perBuyer })
    .from(coupons)
    .where(eq(coupons.id, couponId))
    .for('no key update');
  return row;
}

const counted = sql<number>`count(*)::int`;

/** Units taken of an offer (of one buyer's, with `buyerId`): sold and not given back, held, held for the line. */
function unitsTaken(tx: Db, couponId: number, buyerId?: number) {
  const sold = tx
    .select({ count: counted })
    .from(purchasedCoupons)
    .innerJoin(payments, eq(payments.id, purchasedCoupons.paymentId))
    .where(
      and(
        eq(purchasedCoupons.couponId, couponId),
        countsAsSold,
        buyerId === undefined ? undefined : eq(payments.userId, buyerId),
      ),
    );
  const held = tx
    .select({ count: counted })
    .from(offerHolds)
    .where(
      and(
        eq(offerHolds.couponId, couponId),
        buyerId === undefined ? undefined : eq(offerHolds.userId, buyerId),
      ),
    );
  const heldForLine = tx
    .select({ count: counted })
    .from(offerWaitlist)
    .where(
      and(
        eq(offerWaitlist.couponId, couponId),
        gt(offerWaitlist.heldUntil, sql`now()`),
        buyerId === undefined ? undefined : eq(offerWaitlist.userId, buyerId),
      ),
    );
  return sql<number>`((${sold}) + (${held}) + (${heldForLine}))::int`;
}

/**
 * Units taken under the lock: coupons sold and not given back, the holds still there, and the units
 * held for people of the line. One statement: it runs while every other start of the offer waits.
 */
export async function takenOf(tx: Db, couponId: number, buyerId?: number): Promise<number> {
  const [row] = await tx
    .select({ count: unitsTaken(tx, couponId, buyerId) })
    .from(coupons)
    .where(eq(coupons.id, couponId));
  return row?.count ?? 0;
}

/** A place of an offer's line holding a unit for one person. */
export interface HeldPlace {
  id: number;
  heldUntil: Date;
}

/** The place of the line holding a unit for `buyerId` now, if one does. */
export const placeHeldFor = (tx: Db, couponId: number, buyerId: number) =>
  tx
    .select({ id: offerWaitlist.id, heldUntil: offerWaitlist.heldUntil })
    .from(offerWaitlist)
    .where(
      and(
        eq(offerWaitlist.couponId, couponId),
        eq(offerWaitlist.userId, buyerId),
        gt(offerWaitlist.heldUntil, sql`now()`),
      ),
    );

/** Places of an offer's line waiting for a unit. */
const waitingPlaces = (tx: Db, couponId: number) =>
  tx
    .select({ id: offerWaitlist.id })
    .from(offerWaitlist)
    .where(and(eq(offerWaitlist.couponId, couponId), isNull(offerWaitlist.heldUntil)));

/** `takenOf`, the place held for `buyerId` and whether anyone waits for a unit, in the one statement. */
async function takenAndPlaceOf(tx: Db, couponId: number, buyerId: number) {
  const place = placeHeldFor(tx, couponId, buyerId);
  const [row] = await tx
    .select({
      count: unitsTaken(tx, couponId),
      waiting: sql<boolean>`EXISTS (${waitingPlaces(tx, couponId)})`,
      placeId: sql<number | null>`(SELECT p.id FROM (${place}) p)`,
      placeHeldUntil: sql<Date | null>`(SELECT p.held_until FROM (${place}) p)`.mapWith(
        offerWaitlist.heldUntil,
      ),
    })
    .from(coupons)
    .where(eq(coupons.id, couponId));
  const own: HeldPlace | undefined =
    row?.placeId != null && row.placeHeldUntil
      ? { id: row.placeId, heldUntil: row.placeHeldUntil }
      : undefined;
  return { taken: row?.count ?? 0, own, waiting: row?.waiting ?? false };
}

/**
 * Holds past their time give their units back: removed, under the offer's lock. A place in the line
 * whose unit was not taken in its time is removed with it: the unit passes to the next. One
 * statement (it runs while every other start of the offer waits); returns how many holds lapsed.
 */
async function dropLapsed(tx: Db, couponId: number): Promise<number> {
  const result = await tx.execute(sql`
    WITH lapsed_places AS (
      DELETE FROM ${offerWaitlist}
      WHERE ${offerWaitlist.couponId} = ${couponId} AND ${offerWaitlist.heldUntil} <= now()
    )
    DELETE FROM ${offerHolds}
    WHERE ${offerHolds.couponId} = ${couponId} AND ${offerHolds.expiresAt} <= now()
    RETURNING ${offerHolds.paymentId}`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}

/** A unit held for a person of an offer's line: whom to tell, and until when it waits for them. */
export interface LineUnitHeld {
  placeId: number;
  couponId: number;
  userId: number;
  heldUntil: Date;
}

/** How the line of a sold-out offer is served: how long a unit waits, and how its person is told. */
export interface WaitlistPolicy {
  /** WAITLIST_HOLD_MINUTES. */
  minutes: number;
  /** Writes the bot's message in the hand-over's transaction: told only if the unit is really theirs. */
  tell: (tx: Db, held: LineUnitHeld) => Promise<void>;
}

/**
 * Under the offer's lock: holds and places past their time removed, then every unit free given to
 * the first places of its line that hold none, in the order they joined. A unit is free to a buyer
 * outside the line only once nobody waits. Returns how many holds of payments lapsed, the units
 * taken after the hand-over (none counted of an unlimited offer) and, with `buyerId`, the place
 * holding a unit for that buyer after it. With `buyerId` (a start, which runs while every other start
 * of the offer waits) the place and whether anyone waits are read with the count, and an empty line
 * costs no statement.
 */
export async function serveLine(
  tx: Db,
  offer: { couponId: number; quantity: number | null },
  waitlist: WaitlistPolicy,
  buyerId?: number,
): Promise<{ lapsed: number; taken: number; own?: HeldPlace }> {
  const lapsed = await dropLapsed(tx, offer.couponId);
  if (offer.quantity === null) {
    if (buyerId === undefined) return { lapsed, taken: 0 };
    const [own] = await placeHeldFor(tx, offer.couponId, buyerId);
    return { lapsed, taken: 0, own: own?.heldUntil ? { id: own.id, heldUntil: own.heldUntil } : undefined };
  }
  const { taken, own, waiting } =
    buyerId === undefined
      ? { taken: await takenOf(tx, offer.couponId), own: undefined, waiting: true }
      : await takenAndPlaceOf(tx, offer.couponId, buyerId);
  const free = offer.quantity - taken;
  if (free <= 0 || !waiting) return { lapsed, taken, own };
  const first = waitingPlaces(tx, offer.couponId).orderBy(asc(offerWaitlist.id)).limit(free);
  const held = await tx
    .update(offerWaitlist)
    .set({ heldUntil: sql`now() + make_interval(mins => ${waitlist.minutes})` })
    .where(inArray(offerWaitlist.id, first))
    .returning({
      placeId: offerWaitlist.id,
      couponId: offerWaitlist.couponId,
      userId: offerWaitlist.userId,
      heldUntil: offerWaitlist.heldUntil,
    });
  let ownNow = own;
  for (const place of held) {
    if (!place.heldUntil) continue;
    await waitlist.tell(tx, { ...place, heldUntil: place.heldUntil });
    if (place.userId === buyerId) ownNow = { id: place.placeId, heldUntil: place.heldUntil };
  }
  return { lapsed, taken: taken + held.length, own: ownNow };
}

export type HoldRefusal = { refused: 'sold_out' } | { refused: 'per_buyer_reached'; perBuyer: number };

/**
 * Takes a unit of a limited offer for the payment `insertPayment` writes (in the same transaction,
 * after the lock): the unit the line held for the buyer, else a free one nobody in the line waits
 * for; a refusal when there is none or the buyer has bought or is paying for as many as one person
 * may.
 */
export async function takeHold(
  tx: Db,
  hold: { couponId: number; userId: number; minutes: number; waitlist: WaitlistPolicy },
  insertPayment: () => Promise<{ id: string }>,
): Promise<{ paymentId: string } | HoldRefusal> {
  const offer = await lockOffer(tx, hold.couponId);
  if (!offer) throw new Error(`offer ${hold.couponId} vanished while starting a payment`);
  const { taken, own } = await serveLine(
    tx,
    { couponId: hold.couponId, quantity: offer.quantity },
    hold.waitlist,
    hold.userId,
  );
  if (!own && offer.quantity !== null && taken >= offer.quantity) {
    return { refused: 'sold_out' };
  }
  // The unit the line held for the buyer is one of theirs already: it is not counted twice.
  if (
    offer.perBuyer !== null &&
    (await takenOf(tx, hold.couponId, hold.userId)) - (own ? 1 : 0) >= offer.perBuyer
  ) {
    return { refused: 'per_buyer_reached', perBuyer: offer.perBuyer };
  }
  const payment = await insertPayment();
  // A payment from the line keeps the unit at least as long as the line would have.
  const expiresAt = own
    ? sql`greatest(${own.heldUntil}, now() + make_interval(mins => ${hold.minutes}))`
    : sql`now() + make_interval(mins => ${hold.minutes})`;
  if (own) await tx.delete(offerWaitlist).where(eq(offerWaitlist.id, own.id));
  await tx.insert(offerHolds).values({
    paymentId: payment.id,
    couponId: hold.couponId,
    userId: hold.userId,
    expiresAt,
  });
  return { paymentId: payment.id };
}

/**
 * What of an offer is taken, counted under its lock, for a change of its quantity in the same
 * transaction: no start can take a unit between the count and the change.
 */
export async function takenForChange(tx: Db, couponId: number): Promise<number> {
  await lockOffer(tx, couponId);
  await dropLapsed(tx, couponId);
  return takenOf(tx, couponId);
}

/** Whether a payment still holds its unit (Telegram's sheet asks before it takes the money). */
export async function holdsUnit(db: Db, paymentId: string): Promise<boolean> {
  const [hold] = await db
    .select({ paymentId: offerHolds.paymentId })
    .from(offerHolds)
    .where(and(eq(offerHolds.paymentId, paymentId), gt(offerHolds.expiresAt, sql`now()`)));
  return hold !== undefined;
}

/** A payment given up gives its unit back at once. */
export const releaseHold = (tx: Db, paymentId: string) =>
  tx.delete(offerHolds).where(eq(offerHolds.paymentId, paymentId));

/**
 * Whether a paid payment gets a unit, decided in the transaction that issues its coupon: its own
 * hold becomes the coupon; one whose hold lapsed (or an offer limited after it started) gets a unit
 * only when one is free. False: none is, and the money must go back.
 */
export async function unitForPaid(tx: Db, payment: { id: string; couponId: number }): Promise<boolean> {
  // The lock first, as a start takes it, then the hold: never the other way round, or a start
  // dropping this very hold as lapsed and this waiting for the lock would wait on each other.
  const offer = await lockOffer(tx, payment.couponId);
  const [issued] = await tx
    .select({ id: purchasedCoupons.id })
    .from(purchasedCoupons)
    .where(eq(purchasedCoupons.paymentId, payment.id));
  if (issued) return true;
  const [held] = await tx
    .delete(offerHolds)
    .where(eq(offerHolds.paymentId, payment.id))
    .returning({ couponId: offerHolds.couponId });
  if (!offer || offer.quantity === null || held) return true;
  await dropLapsed(tx, payment.couponId);
  return (await takenOf(tx, payment.couponId)) < offer.quantity;
}

/**
 * The offer's line served under its lock, in the caller's transaction: a unit that transaction freed
 * (a coupon refunded or voided) is the first in line's, and they are told, when it commits. Its
 * caller may hold a purchased coupon's row: no transaction holding an offer's lock waits for one.
 */
export async function serveLineOf(tx: Db, couponId: number, waitlist: WaitlistPolicy) {
  const offer = await lockOffer(tx, couponId);
  return serveLine(tx, { couponId, quantity: offer?.quantity ?? null }, waitlist);
}

/**
 * After a unit came free outside the offer's lock (a payment canceled, a person's data erased): the
 * line, if anyone waits in it, is served under the lock. Nobody waiting costs one read.
 */
export async function handOverFreed(db: Db, couponId: number, waitlist: WaitlistPolicy): Promise<void> {
  const [waiting] = await db
    .select({ id: offerWaitlist.id })
    .from(offerWaitlist)
    .where(and(eq(offerWaitlist.couponId, couponId), isNull(offerWaitlist.heldUntil)))
    .limit(1);
  if (!waiting) return;
  await db.transaction((tx) => serveLineOf(tx, couponId, waitlist));
}

/**
 * The sweep, offer by offer under each one's lock (the order a start keeps): holds and line places
 * past their time removed, so the back office counts only live ones, and what they gave back handed
 * to the line. Returns the holds removed.
 */
export async function dropLapsedHolds(db: Db, waitlist: WaitlistPolicy): Promise<number> {
  const [lapsed, lines] = await Promise.all([
    db
      .selectDistinct({ couponId: offerHolds.couponId })
      .from(offerHolds)
      .where(lte(offerHolds.expiresAt, sql`now()`)),
    db
      .selectDistinct({ couponId: offerWaitlist.couponId })
      .from(offerWaitlist)
      .where(or(isNull(offerWaitlist.heldUntil), lte(offerWaitlist.heldUntil, sql`now()`))),
  ]);
  let dropped = 0;
  for (const couponId of new Set([...lapsed, ...lines].map((row) => row.couponId))) {
    dropped += await db.transaction(async (tx) => (await serveLineOf(tx, couponId, waitlist)).lapsed);
  }
  return dropped;
}
