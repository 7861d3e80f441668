import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { coupons, offerHolds, offerWaitlist } from '../../db/schema.ts';
import { dropLapsed, lockOffer, takenOf, unitsTaken } from './units.ts';

/** A place of an offer's line holding a unit for one person. */
export interface HeldPlace {
  id: number;
  heldUntil: Date;
}

/** The place of the line holding a unit for `buyerId` now, if one does. */
export const placeHeldFor = (tx: Db, offerId: number, buyerId: number) =>
  tx
    .select({ id: offerWaitlist.id, heldUntil: offerWaitlist.heldUntil })
    .from(offerWaitlist)
    .where(
      and(
        eq(offerWaitlist.couponId, offerId),
        eq(offerWaitlist.userId, buyerId),
        gt(offerWaitlist.heldUntil, sql`now()`),
      ),
    );

/** Places of an offer's line waiting for a unit. */
const waitingPlaces = (tx: Db, offerId: number) =>
  tx
    .select({ id: offerWaitlist.id })
    .from(offerWaitlist)
    .where(and(eq(offerWaitlist.couponId, offerId), isNull(offerWaitlist.heldUntil)));

/** `takenOf`, the place held for `buyerId` and whether anyone waits for a unit, in the one statement. */
async function takenAndPlaceOf(tx: Db, offerId: number, buyerId: number) {
  const place = placeHeldFor(tx, offerId, buyerId);
  const [row] = await tx
    .select({
      count: unitsTaken(tx, offerId),
      waiting: sql<boolean>`EXISTS (${waitingPlaces(tx, offerId)})`,
      placeId: sql<number | null>`(SELECT p.id FROM (${place}) p)`,
      placeHeldUntil: sql<Date | null>`(SELECT p.held_until FROM (${place}) p)`.mapWith(
        offerWaitlist.heldUntil,
      ),
    })
    .from(coupons)
    .where(eq(coupons.id, offerId));
  const own: HeldPlace | undefined =
    row?.placeId != null && row.placeHeldUntil
      ? { id: row.placeId, heldUntil: row.placeHeldUntil }
      : undefined;
  return { taken: row?.count ?? 0, own, waiting: row?.waiting ?? false };
}

/** A unit held for a person of an offer's line: whom to tell, and until when it waits for them. */
export interface LineUnitHeld {
  placeId: number;
  offerId: number;
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
  offer: { offerId: number; quantity: number | null },
  waitlist: WaitlistPolicy,
  buyerId?: number,
): Promise<{ lapsed: number; taken: number; own?: HeldPlace }> {
  const lapsed = await dropLapsed(tx, offer.offerId);
  if (offer.quantity === null) {
    if (buyerId === undefined) return { lapsed, taken: 0 };
    const [own] = await placeHeldFor(tx, offer.offerId, buyerId);
    return { lapsed, taken: 0, own: own?.heldUntil ? { id: own.id, heldUntil: own.heldUntil } : undefined };
  }
  const { taken, own, waiting } =
    buyerId === undefined
      ? { taken: await takenOf(tx, offer.offerId), own: undefined, waiting: true }
      : await takenAndPlaceOf(tx, offer.offerId, buyerId);
  const free = offer.quantity - taken;
  if (free <= 0 || !waiting) return { lapsed, taken, own };
  const first = waitingPlaces(tx, offer.offerId).orderBy(asc(offerWaitlist.id)).limit(free);
  const held = await tx
    .update(offerWaitlist)
    .set({ heldUntil: sql`now() + make_interval(mins => ${waitlist.minutes})` })
    .where(inArray(offerWaitlist.id, first))
    .returning({
      placeId: offerWaitlist.id,
      offerId: offerWaitlist.couponId,
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

/**
 * The offer's line served under its lock, in the caller's transaction: a unit that transaction freed
 * (a coupon refunded or voided) is the first in line's, and they are told, when it commits. Its
 * caller may hold a purchased coupon's row: no transaction holding an offer's lock waits for one.
 */
export async function serveLineOf(tx: Db, offerId: number, waitlist: WaitlistPolicy) {
  const offer = await lockOffer(tx, offerId);
  return serveLine(tx, { offerId, quantity: offer?.quantity ?? null }, waitlist);
}

/**
 * After a unit came free outside the offer's lock (a payment canceled, a person's data erased): the
 * line, if anyone waits in it, is served under the lock. Nobody waiting costs one read.
 */
export async function handOverFreed(db: Db, offerId: number, waitlist: WaitlistPolicy): Promise<void> {
  const [waiting] = await db
    .select({ id: offerWaitlist.id })
    .from(offerWaitlist)
    .where(and(eq(offerWaitlist.couponId, offerId), isNull(offerWaitlist.heldUntil)))
    .limit(1);
  if (!waiting) return;
  await db.transaction((tx) => serveLineOf(tx, offerId, waitlist));
}

/**
 * The sweep, offer by offer under each one's lock (the order a start keeps): holds and line places
 * past their time removed, so the back office counts only live ones, and what they gave back handed
 * to the line. Returns the holds removed.
 */
export async function dropLapsedHolds(db: Db, waitlist: WaitlistPolicy): Promise<number> {
  const [lapsed, lines] = await Promise.all([
    db
      .selectDistinct({ offerId: offerHolds.couponId })
      .from(offerHolds)
      .where(lte(offerHolds.expiresAt, sql`now()`)),
    db
      .selectDistinct({ offerId: offerWaitlist.couponId })
      .from(offerWaitlist)
      .where(or(isNull(offerWaitlist.heldUntil), lte(offerWaitlist.heldUntil, sql`now()`))),
  ]);
  let dropped = 0;
  for (const offerId of new Set([...lapsed, ...lines].map((row) => row.offerId))) {
    dropped += await db.transaction(async (tx) => (await serveLineOf(tx, offerId, waitlist)).lapsed);
  }
  return dropped;
}

/**
 * A person erased: their holds pass to `movedTo` (a payment is a money record, and keeps its unit
 * while it is paid), their places in every line go. Returns the offers whose unit a place held for
 * them, to hand over once the erasure has committed (`handOverFreed`): a start holds the offer's lock
 * and then waits on the person's row, which the erasure holds.
 */
export async function forgetPerson(tx: Db, userId: number, movedTo: number): Promise<number[]> {
  await tx.update(offerHolds).set({ userId: movedTo }).where(eq(offerHolds.userId, userId));
  const places = await tx
    .delete(offerWaitlist)
    .where(eq(offerWaitlist.userId, userId))
    .returning({ offerId: offerWaitlist.couponId, heldUntil: offerWaitlist.heldUntil });
  return places.filter((place) => place.heldUntil !== null).map((place) => place.offerId);
}
