import { and, desc, eq, sql } from 'drizzle-orm';
import { buyScreenPathOf } from '#contract/buy-screen-link';
import { type TWaitlistPlace, WaitlistErrorCode } from '#contract/waitlist';
import type { Db } from '../../db/client.ts';
import { coupons, offerWaitlist, partners } from '../../db/schema.ts';
import { DomainError } from '../../domain/domain-error.ts';
import type { NotificationService } from '../notifications/notifications.service.ts';
import { serveLine, type WaitlistPolicy } from './line.ts';
import { offerOnSale } from './on-sale.ts';
import { type OfferRefusal, waitlistTexts } from './texts.ts';
import { lockOffer, takenOf } from './units.ts';

const refuse = (code: OfferRefusal) => new DomainError<OfferRefusal>(code);
const NOT_IN_LINE: TWaitlistPlace = { position: null, heldUntil: null };

/**
 * A waiting place's position in its line, 1 for the first: the places of its offer still waiting
 * for a unit that joined before it, and itself. Names written out: drizzle leaves a one-table
 * select's columns unqualified, which inside this subquery would name the inner row twice.
 */
const position = sql<number>`(SELECT count(*)::int FROM offer_waitlist AS ahead
  WHERE ahead.coupon_id = offer_waitlist.coupon_id AND ahead.held_until IS NULL
    AND ahead.id <= offer_waitlist.id)`;

/** The caller's place: held a unit until a time, or waiting behind `position - 1` others. */
async function placeIn(exec: Db, offerId: number, userId: number): Promise<TWaitlistPlace | undefined> {
  const [place] = await exec
    .select({
      heldUntil: offerWaitlist.heldUntil,
      lapsed: sql<boolean>`${offerWaitlist.heldUntil} <= now()`,
      position,
    })
    .from(offerWaitlist)
    .where(and(eq(offerWaitlist.couponId, offerId), eq(offerWaitlist.userId, userId)));
  if (!place || place.lapsed) return undefined;
  if (place.heldUntil) return { position: null, heldUntil: place.heldUntil.toISOString() };
  return { position: Number(place.position), heldUntil: null };
}

/**
 * Every place of a person in any line, newest first, with its offer: what «Мои данные» lists. A
 * place held for them has no position; one whose time passed stays as it is until the sweep.
 */
export async function placesOfPerson(exec: Db, userId: number) {
  const places = await exec
    .select({
      companyName: partners.companyName,
      discount: coupons.discount,
      position,
      joinedAt: offerWaitlist.createdAt,
      heldUntil: offerWaitlist.heldUntil,
    })
    .from(offerWaitlist)
    .innerJoin(coupons, eq(coupons.id, offerWaitlist.couponId))
    .innerJoin(partners, eq(partners.id, coupons.partnerId))
    .where(eq(offerWaitlist.userId, userId))
    .orderBy(desc(offerWaitlist.createdAt));
  return places.map((place) => ({
    ...place,
    position: place.heldUntil ? null : Number(place.position),
  }));
}

/**
 * The line of a sold-out offer: joined and left under the offer's lock, as every decision
 * about its units is (ADR 0022), so a place is never taken while a unit is free, and a unit freed goes
 * to the first place in any process. The bot tells whom a unit waits for, and only them.
 */
export function createWaitlistService(options: {
  db: Db;
  notifications: NotificationService;
  /** How long a unit freed waits for its person (WAITLIST_HOLD_MINUTES). */
  minutes: number;
  /** Where an offer's days begin and end (REPORT_TIME_ZONE). */
  timeZone: string;
}) {
  const { db, notifications, minutes, timeZone } = options;

  const policy: WaitlistPolicy = {
    minutes,
    async tell(tx, held) {
      const [offer] = await tx
        .select({
          companyName: partners.companyName,
          discount: coupons.discount,
          region: partners.region,
          partnerType: partners.partnerType,
          partnerId: partners.id,
        })
        .from(coupons)
        .innerJoin(partners, eq(partners.id, coupons.partnerId))
        .where(eq(coupons.id, held.offerId));
      if (!offer) return;
      await notifications.notify(
        'WAITLIST_UNIT_HELD',
        {
          placeId: held.placeId,
          userId: held.userId,
          text: waitlistTexts.unitHeld({ ...offer, heldUntil: held.heldUntil }),
          button: {
            text: waitlistTexts.buyButton,
            app: buyScreenPathOf({ ...offer, type: offer.partnerType, offerId: held.offerId }),
          },
        },
        tx,
      );
    },
  };

  /** Joins the line of a sold-out offer; already in it, the place as it is. */
  async function join(userId: number, offerId: number): Promise<TWaitlistPlace> {
    const [offer] = await db
      .select({
        quantity: coupons.quantity,
        saleStarted: sql<boolean>`(${coupons.saleStartsAt} IS NULL OR ${coupons.saleStartsAt} <= now())`,
      })
      .from(coupons)
      .innerJoin(partners, eq(partners.id, coupons.partnerId))
      .where(and(eq(coupons.id, offerId), offerOnSale(timeZone)));
    if (!offer) throw refuse('waitlist_offer_not_on_sale');
    if (offer.quantity === null) throw refuse(WaitlistErrorCode.unlimited);
    if (!offer.saleStarted) throw refuse('waitlist_sale_not_started');
    return db.transaction(async (tx) => {
      const limits = await lockOffer(tx, offerId);
      const quantity = limits?.quantity ?? null;
      if (quantity === null) throw refuse(WaitlistErrorCode.unlimited);
      const { taken } = await serveLine(tx, { offerId, quantity }, policy);
      const already = await placeIn(tx, offerId, userId);
      if (already) return already;
      if (taken < quantity) throw refuse(WaitlistErrorCode.notSoldOut);
      const perBuyer = limits?.perBuyer ?? null;
      if (perBuyer !== null && (await takenOf(tx, offerId, userId)) >= perBuyer) {
        throw refuse('waitlist_per_buyer_reached');
      }
      // A lapsed place of theirs is gone by now (serveLine): a new one goes to the end of the line.
      await tx.insert(offerWaitlist).values({ couponId: offerId, userId });
      return (await placeIn(tx, offerId, userId)) ?? NOT_IN_LINE;
    });
  }

  /** Leaves the line; a unit held for the caller passes to the next at once. */
  async function leave(userId: number, offerId: number): Promise<void> {
    await db.transaction(async (tx) => {
      const limits = await lockOffer(tx, offerId);
      const [left] = await tx
        .delete(offerWaitlist)
        .where(and(eq(offerWaitlist.couponId, offerId), eq(offerWaitlist.userId, userId)))
        .returning({ heldUntil: offerWaitlist.heldUntil });
      if (left?.heldUntil) await serveLine(tx, { offerId, quantity: limits?.quantity ?? null }, policy);
    });
  }

  const placeOf = async (userId: number, offerId: number): Promise<TWaitlistPlace> =>
    (await placeIn(db, offerId, userId)) ?? NOT_IN_LINE;

  return { policy, join, leave, placeOf };
}

export type WaitlistService = ReturnType<typeof createWaitlistService>;
