import { inArray } from 'drizzle-orm';
import { PurchaseErrorCode } from '#contract/purchases';
import type { Db } from '../../db/client.ts';
import { coupons } from '../../db/schema.ts';
import { DomainError } from '../../domain/domain-error.ts';
import { batchedRead } from '../../queueing/batched-read.ts';
import { gateByKey } from '../../queueing/gate.ts';
import { type Turn, turnsByKey } from '../../queueing/turns-by-key.ts';
import { type OfferStock, stockOf } from './stock.ts';
import type { OfferRefusal } from './texts.ts';

/** How long an offer's limit and sale start, once read, answer presses before they are read again. */
const FACTS_MS = 1_000;

type Facts = { exists: boolean; quantity: number | null; saleStartsAt: Date | null };

/**
 * Presses of one limited offer under way past the gate at once in this process (their start's reads,
 * the turn at the offer's lock, the provider's page). Enough to keep the lock busy while the next
 * press reads; the rest wait in memory, in the order they came, holding no connection.
 */
const UNDER_WAY_PER_OFFER = 4;

/**
 * Presses of one offer waiting for a place in this process. A drop's first second brought 1,500 to
 * one process (the drop bench); past this many, the server is busier than a person should wait for.
 */
const WAITING_PER_OFFER = 10_000;

/** How long a press waits for a place: one that waited longer is answered «try again in a minute». */
const WAIT_MS = 30_000;

/**
 * A press let on: `inTurn` runs its start's work at the offer's lock one at a time, in the order the
 * presses were let on; `leave` (once, when its answer has gone) gives its place on.
 */
export interface Admission {
  inTurn: Turn['inTurn'];
  leave: () => void;
}

/**
 * Whether a start, read without the offer's lock, may still end with a unit for someone: one is free
 * or its hold lapsed. A unit free while people wait is not `left` to a buyer outside the line, but it
 * is not gone: the start under the lock hands it to the first in line, whose own press must get there.
 */
export const unitWithinReach = (quantity: number, stock: OfferStock | undefined) =>
  quantity - (stock?.sold ?? 0) - (stock?.held ?? 0) > 0 || (stock?.lapsed ?? 0) > 0;

/**
 * The gate never grants a unit: the offer's row lock decides (holds.ts), and a press the gate lets on
 * meets every check there. The gate says sooner what the lock would say too (the sale not started,
 * sold out) and puts the presses it lets on in order (gate-equivalence.test.ts: a crowd through the
 * gate and the same crowd straight to the lock end alike).
 *
 * The refusals a start of a limited offer gets before the start's own reads (consent, membership,
 * the offer): the sale not started yet, and sold out. At a drop thousands press at once; each of
 * these presses had cost five statements and about 15 ms of the server's CPU (the drop bench), and
 * the presses that could still get a unit waited behind them.
 *
 * The offer's limit and sale start are kept for FACTS_MS (an admin's change to them reaches the gate
 * that late at most); the stock is read for every press, the presses that come while a read is out
 * batched into the next one (queueing/batched-read.ts), so «sold out» never comes from a read sent before
 * the press. The lock checks again with the database's clock for the sale's start and its stock for
 * the units. Only «sold out» with nothing held or free for the line is told here: a person of the
 * line a unit is held (or freed) for goes on to the start, which gives it to them.
 *
 * A press let through waits for one of UNDER_WAY_PER_OFFER places and asks the stock again once it
 * has one. At a drop's first second, 1,500 presses found units left and went on to five statements
 * each, while one start at a time could take a unit: the units were gone in the first few, and
 * everyone behind them waited seconds for reads that could only end in «sold out». A press waiting
 * when the stock is read as sold out is told so from that read, made after it came, without one of
 * its own.
 */
export function createOfferGate(db: Db, clock: () => number = Date.now) {
  const facts = new Map<number, { facts: Promise<Facts>; askedAt: number }>();
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
  /**
   * The offer's limit and start, read at most once in FACTS_MS: presses that come while they are
   * read wait for that read, in the order they came. Each waiting for a read of its own, those who
   * came while one was out were overtaken by those after them, who found what it had just brought
   * (at a drop's start, 30 of the first 60 presses of a process lost their turn so).
   */
  function factsOf(offerId: number): Promise<Facts> {
    const known = facts.get(offerId);
    if (known && clock() - known.askedAt < FACTS_MS) return known.facts;
    const asking = {
      askedAt: clock(),
      facts: readFacts(offerId).then((offer) => ({
        exists: offer !== undefined,
        quantity: offer?.quantity ?? null,
        saleStartsAt: offer?.saleStartsAt ?? null,
      })),
    };
    facts.set(offerId, asking);
    // Only offers that exist are kept: made-up ids do not grow the map.
    const forget = () => {
      if (facts.get(offerId) === asking) facts.delete(offerId);
    };
    asking.facts.then((read) => read.exists || forget(), forget);
    return asking.facts;
  }
  /** The offer's stock as an unlocked read finds it, never a read sent before the asking. */
  const stockNow = batchedRead((ids: number[]) => stockOf(db, ids));

  /**
   * The offer's places. A press whose caller has gone while it waited is passed over when its turn
   * comes (a `CallerGoneError`): at a drop, those who gave up would otherwise each start a payment
   * nobody sees, its unit held.
   */
  const places = gateByKey({
    underWay: UNDER_WAY_PER_OFFER,
    waiting: WAITING_PER_OFFER,
    deadlineMs: WAIT_MS,
  });
  const turns = turnsByKey();
  /** When the read that last found an offer sold out was asked (performance.now()). */
  const soldOutAsked = new Map<number, number>();

  /** Throws «sold out» unless a unit is within reach, or held for the line. */
  async function refuseIfSoldOut(offerId: number, quantity: number) {
    const asked = performance.now();
    const stock = await stockNow(offerId);
    if (!unitWithinReach(quantity, stock) && !stock?.heldForLine) {
      soldOutAsked.set(offerId, Math.max(asked, soldOutAsked.get(offerId) ?? 0));
      throw new DomainError<OfferRefusal>(PurchaseErrorCode.soldOut);
    }
  }

  return {
    stockNow,
    /**
     * Lets a press of `offerId` on, or throws the refusal it gets before the start's own reads. A
     * press of a limited offer is let on holding one of its places and its place in the turns at the
     * lock. `gone`: whether the press's caller has gone (its connection closed).
     */
    async admit(offerId: number, gone: () => boolean = () => false): Promise<Admission> {
      const offer = await factsOf(offerId);
      // An offer limited within FACTS_MS of this read still takes turns: its place is taken when
      // the start asks for it.
      if (offer.quantity === null) return { inTurn: (work) => turns.inTurn(offerId, work), leave: () => {} };
      if (offer.saleStartsAt && clock() < offer.saleStartsAt.getTime()) {
        throw new DomainError<OfferRefusal>(PurchaseErrorCode.saleNotStarted, {
          startsAt: offer.saleStartsAt.toISOString(),
        });
      }
      await refuseIfSoldOut(offerId, offer.quantity);
      const since = performance.now();
      const leavePlace = await places.enter(offerId, gone);
      // Taken as the place is given, so the turns keep the order the presses came in.
      const turn = turns.take(offerId);
      const leaveOnce = () => {
        turn.giveUp();
        leavePlace();
      };
      try {
        // Sold out since it came: that read's answer is its own, as new as a read it would ask.
        if ((soldOutAsked.get(offerId) ?? Number.NEGATIVE_INFINITY) > since) {
          throw new DomainError<OfferRefusal>(PurchaseErrorCode.soldOut);
        }
        await refuseIfSoldOut(offerId, offer.quantity);
      } catch (error) {
        leaveOnce();
        throw error;
      }
      return { inTurn: (work) => turn.inTurn(work), leave: leaveOnce };
    },
  };
}
