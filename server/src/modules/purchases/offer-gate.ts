import { eq } from 'drizzle-orm';
import { PurchaseErrorCode } from '#contract/purchases';
import type { Db } from '../../db/client.ts';
import { coupons } from '../../db/schema.ts';
import { DomainError } from '../../domain/domain-error.ts';
import { leftOf, type OfferStock, stockOf } from '../catalogue/offer-stock.ts';
import type { PurchaseRefusal } from './texts.ts';

/** How long an offer's limit and sale start, once read, answer presses before they are read again. */
const FACTS_MS = 1_000;

type Facts = { quantity: number | null; saleStartsAt: Date | null; readAt: number };

/** One read at a time per key: whoever asks while it is out shares its answer. */
function sharedReads<T>(read: (key: number) => Promise<T>) {
  const out = new Map<number, Promise<T>>();
  return (key: number): Promise<T> => {
    let pending = out.get(key);
    if (!pending) {
      pending = read(key).finally(() => out.delete(key));
      out.set(key, pending);
    }
    return pending;
  };
}

/**
 * The refusals a start of a limited offer gets before the start's own reads (consent, membership,
 * the offer): the sale not started yet, and sold out. At a drop thousands press at once; each of
 * these presses had cost five statements and about 15 ms of the server's CPU (the drop bench), and
 * the presses that could still get a unit waited behind them.
 *
 * The offer's limit and sale start are kept for FACTS_MS (an admin's change to them reaches the gate
 * that late at most); the stock is read for every press, one read shared by the presses that come
 * while it is out, so «sold out» is never older than the read in flight. Neither refusal decides
 * anything: a press let through meets the database's own checks under the offer's lock (its clock
 * for the sale's start, the stock for the units). Only «sold out» with nothing held for the line is
 * told here: a person of the line a unit is held for goes on to the start, which gives it to them.
 */
export function createOfferGate(db: Db, clock: () => number = Date.now) {
  const facts = new Map<number, Facts>();
  const readFacts = sharedReads(async (couponId): Promise<Facts> => {
    const [offer] = await db
      .select({ quantity: coupons.quantity, saleStartsAt: coupons.saleStartsAt })
      .from(coupons)
      .where(eq(coupons.id, couponId));
    const known = {
      quantity: offer?.quantity ?? null,
      saleStartsAt: offer?.saleStartsAt ?? null,
      readAt: clock(),
    };
    facts.set(couponId, known);
    return known;
  });
  const factsOf = (couponId: number) => {
    const known = facts.get(couponId);
    return known && clock() - known.readAt < FACTS_MS ? known : readFacts(couponId);
  };
  /** The offer's stock as one unlocked read finds it now. */
  const stockNow = sharedReads(
    async (couponId): Promise<OfferStock | undefined> => (await stockOf(db, [couponId])).get(couponId),
  );

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
