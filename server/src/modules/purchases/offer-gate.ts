import { inArray } from 'drizzle-orm';
import { PurchaseErrorCode } from '#contract/purchases';
import { batchedRead } from '../../db/batched-read.ts';
import type { Db } from '../../db/client.ts';
import { coupons } from '../../db/schema.ts';
import { DomainError } from '../../domain/domain-error.ts';
import { leftOf, stockOf } from '../catalogue/offer-stock.ts';
import type { PurchaseRefusal } from './texts.ts';

/** How long an offer's limit and sale start, once read, answer presses before they are read again. */
const FACTS_MS = 1_000;

type Facts = { quantity: number | null; saleStartsAt: Date | null; readAt: number };

/**
 * The refusals a start of a limited offer gets before the start's own reads (consent, membership,
 * the offer): the sale not started yet, and sold out. At a drop thousands press at once; each of
 * these presses had cost five statements and about 15 ms of the server's CPU (the drop bench), and
 * the presses that could still get a unit waited behind them.
 *
 * The offer's limit and sale start are kept for FACTS_MS (an admin's change to them reaches the gate
 * that late at most); the stock is read for every press, the presses that come while a read is out
 * batched into the next one (db/batched-read.ts), so «sold out» never comes from a read sent before
 * the press. Neither refusal decides anything: a press let through meets the database's own checks
 * under the offer's lock (its clock for the sale's start, the stock for the units). Only «sold out» with nothing held for the line is
 * told here: a person of the line a unit is held for goes on to the start, which gives it to them.
 */
export function createOfferGate(db: Db, clock: () => number = Date.now) {
  const facts = new Map<number, Facts>();
  const readFacts = batchedRead(
    async (ids: number[]) =>
      new Map(
        (
          await db
            .select({ id: coupons.id, quantity: coupons.quantity, saleStartsAt: coupons.saleStartsAt })
            .from(coupons)
            .where(inArray(coupons.id, ids))
        ).map((offer) => [offer.id, offer]),
      ),
  );
  async function factsOf(couponId: number): Promise<Facts> {
    const known = facts.get(couponId);
    if (known && clock() - known.readAt < FACTS_MS) return known;
    const offer = await readFacts(couponId);
    const read = {
      quantity: offer?.quantity ?? null,
      saleStartsAt: offer?.saleStartsAt ?? null,
      readAt: clock(),
    };
    // Only offers that exist are kept: made-up ids do not grow the map.
    if (offer) facts.set(couponId, read);
    return read;
  }
  /** The offer's stock as an unlocked read finds it, never a read sent before the asking. */
  const stockNow = batchedRead((ids: number[]) => stockOf(db, ids));

  return {
    stockNow,
    /** Throws the refusal a press of `couponId` gets before the start's own reads, if it has one. */
    async refuseEarly(couponId: number): Promise<void> {
      const offer = await factsOf(couponId);
      if (offer.quantity === null) return;
      if (offer.saleStartsAt && clock() < offer.saleStartsAt.getTime()) {
        throw new DomainError<PurchaseRefusal>(PurchaseErrorCode.saleNotStarted, {
          startsAt: offer.saleStartsAt.toISOString(),
        });
      }
      const stock = await stockNow(couponId);
      if (leftOf(offer.quantity, stock) === 0 && !stock?.lapsed && !stock?.heldForLine) {
        throw new DomainError<PurchaseRefusal>(PurchaseErrorCode.soldOut);
      }
    },
  };
}
