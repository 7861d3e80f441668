import { sql } from 'drizzle-orm';
import { PurchaseErrorCode } from '#contract/purchases';
import type { Db } from '../../db/client.ts';
import { coupons } from '../../db/schema.ts';
import { DomainError } from '../../domain/domain-error.ts';
import { type Admission, createOfferGate, unitWithinReach } from './gate.ts';
import { reserve } from './holds.ts';
import { placeHeldFor, type WaitlistPolicy } from './line.ts';
import type { OfferRefusal } from './texts.ts';
import { isLimited, type OfferLimitsRow } from './units.ts';

/** What a payment start reads of its offer's limits and sale, beside the rest of the offer's row. */
export const saleOfStart = {
  quantity: coupons.quantity,
  perBuyer: coupons.perBuyer,
  saleStartsAt: coupons.saleStartsAt,
  // The database's clock, the one every process and the holds' expiry read.
  saleStarted: sql<boolean>`(${coupons.saleStartsAt} IS NULL OR ${coupons.saleStartsAt} <= now())`,
};

interface SaleOfStart extends OfferLimitsRow {
  saleStartsAt: Date | null;
  saleStarted: boolean;
}

/** How a start writes its payment: the row, then what it records of the start, in the same transaction. */
export interface PaymentWrite {
  insert: (tx: Db) => Promise<{ id: string }>;
  started: (tx: Db, paymentId: string) => Promise<void>;
}

/**
 * The offer's part of a payment start: the gate a press passes first, the sale's start, and the
 * payment's unit, which a limited offer's start takes under the offer's lock (ADR 0022).
 */
export function createStartUnits(options: {
  db: Db;
  /** How long a start keeps a unit of a limited offer (OFFER_HOLD_MINUTES). */
  holdMinutes: number;
  /** How a sold-out offer's line is served. */
  waitlist: WaitlistPolicy;
}) {
  const { db, holdMinutes, waitlist } = options;
  const gate = createOfferGate(db);

  /** Refuses a start before its offer's sale, saying when the sale starts. */
  function refuseBeforeSale(offer: SaleOfStart) {
    if (!offer.saleStarted && offer.saleStartsAt) {
      throw new DomainError<OfferRefusal>(PurchaseErrorCode.saleNotStarted, {
        startsAt: offer.saleStartsAt.toISOString(),
      });
    }
  }

  /**
   * Sold out, read without the offer's lock: a refusal the lock would give too. Not to one the line
   * holds a unit for, nor while a lapsed hold or a freed unit waits to be given on: this start goes to
   * the lock, which hands it to the line at once (else only the sweep would, minutes later).
   */
  async function refuseIfSoldOut(userId: number, offerId: number, offer: SaleOfStart) {
    if (offer.quantity === null) return;
    const stock = await gate.stockNow(offerId);
    if (
      !unitWithinReach(offer.quantity, stock) &&
      !(stock?.heldForLine && (await placeHeldFor(db, offerId, userId)).length > 0)
    ) {
      throw new DomainError<OfferRefusal>(PurchaseErrorCode.soldOut);
    }
  }

  /** The payment `write` writes, with its unit when the offer is limited: a refusal when none is left to the buyer. */
  async function writeWithUnit(userId: number, offerId: number, offer: SaleOfStart, write: PaymentWrite) {
    const reserved = await db.transaction(async (tx) => {
      let row: { id: string };
      if (isLimited(offer)) {
        const held = await reserve(tx, { offerId, userId, minutes: holdMinutes, waitlist }, () =>
          write.insert(tx),
        );
        // Returned, not thrown: what the lock did before refusing (lapsed holds removed, their units
        // handed to the line, its people told) is kept. No payment was written.
        if ('refused' in held) return held;
        row = { id: held.paymentId };
      } else {
        row = await write.insert(tx);
      }
      await write.started(tx, row.id);
      return row;
    });
    if ('refused' in reserved) {
      throw reserved.refused === 'sold_out'
        ? new DomainError<OfferRefusal>(PurchaseErrorCode.soldOut)
        : new DomainError<OfferRefusal>(PurchaseErrorCode.perBuyerReached, { perBuyer: reserved.perBuyer });
    }
    return reserved;
  }

  /**
   * The payment of a start, written by `write` with the offer's unit. A limited offer's starts take
   * turns in this process, in the order the gate let them on (`admission`): one waits for the offer's
   * lock holding a database connection, the rest wait here holding none. Two hundred presses at a
   * drop otherwise held every connection of the pool waiting on that one lock, and the requests past
   * them timed out (503) waiting for a connection. Across processes the lock still decides.
   */
  const paymentWithUnit = (
    start: { userId: number; offerId: number; offer: SaleOfStart; admission: Pick<Admission, 'inTurn'> },
    write: PaymentWrite,
  ): Promise<{ id: string }> => {
    const { userId, offerId, offer, admission } = start;
    if (!isLimited(offer)) return writeWithUnit(userId, offerId, offer, write);
    return admission.inTurn(async () => {
      // Sold out was told before the start's reads (gate.ts); asked again in turn, so the starts
      // queued behind the last unit end here, not at the lock.
      await refuseIfSoldOut(userId, offerId, offer);
      return writeWithUnit(userId, offerId, offer, write);
    });
  };

  return { admit: gate.admit, refuseBeforeSale, paymentWithUnit };
}
