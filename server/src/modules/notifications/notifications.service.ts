import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { type notificationKind, type notificationPurpose, notifications, users } from '../../db/schema.ts';
import type { MessageButtons } from '../../domain/messenger.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import type { CouponLine } from '../purchased-coupons/purchased-coupons.query.ts';
import { notificationButtons, notificationTexts } from './texts.ts';

export type NotificationKind = (typeof notificationKind.enumValues)[number];
export type NotificationPurpose = (typeof notificationPurpose.enumValues)[number];

/**
 * What each message is, by its kind: about something its addressee owns or asked for (`service`),
 * or an offer (advertising), which goes only to someone who agreed to partners' offers (the trigger
 * of migration 0026 drops any other). A new kind must be put here, and so be decided. Today there
 * is no offer.
 */
export const NOTIFICATION_PURPOSES: Record<NotificationKind, NotificationPurpose> = {
  GIFT_RECEIVED: 'service',
  COUPON_REDEEMED: 'service',
  COUPON_REDEMPTION_UNDONE: 'service',
  COUPON_REQUESTED: 'service',
  REQUEST_DECIDED: 'service',
  PURCHASE_CONFIRMED: 'service',
  UNVERIFIED_PURCHASE: 'service',
  COUPON_REFUNDED: 'service',
  COUPON_VOIDED: 'service',
  GIFT_CLAIMED: 'service',
  GIFT_RETURNED: 'service',
  OFFLINE_CONFLICT: 'service',
  COUPON_EXPIRING: 'service',
  GIFT_RETURNING: 'service',
  VISIT_RATING_ASKED: 'service',
  COUPON_QR: 'service',
  COUPON_QR_CAPTION: 'service',
  REFUND_REQUESTED: 'service',
  SOLD_OUT_REFUNDED: 'service',
  // Told only to someone who asked to be in the offer's line: about their place, not an offer.
  WAITLIST_UNIT_HELD: 'service',
  UNSOLD_REFUND_ASKED: 'service',
  UNSOLD_REFUND_SETTLED: 'service',
};

/**
 * When each message goes (ADR 0005): an answer to its addressee's own action (they paid, they asked)
 * at once; anything else (what a partner, an admin, a friend or the clock did) is grouped: it waits
 * `BOT_GROUP_SECONDS` for others of its chat, and those due by then go as one message. A QR photo
 * and its caption's edit go at once: a photo cannot be a part of a text, and it is the coupon itself.
 * A new kind must be put here too, and so be decided.
 */
export const NOTIFICATION_DELIVERY: Record<NotificationKind, 'at-once' | 'grouped'> = {
  GIFT_RECEIVED: 'grouped',
  COUPON_REDEEMED: 'grouped',
  COUPON_REDEMPTION_UNDONE: 'grouped',
  COUPON_REQUESTED: 'grouped',
  REQUEST_DECIDED: 'grouped',
  PURCHASE_CONFIRMED: 'at-once',
  UNVERIFIED_PURCHASE: 'grouped',
  // An admin's refund or void; the buyer's own refund goes at once (`atOnce`).
  COUPON_REFUNDED: 'grouped',
  COUPON_VOIDED: 'grouped',
  GIFT_CLAIMED: 'grouped',
  GIFT_RETURNED: 'grouped',
  OFFLINE_CONFLICT: 'grouped',
  COUPON_EXPIRING: 'grouped',
  GIFT_RETURNING: 'grouped',
  VISIT_RATING_ASKED: 'grouped',
  COUPON_QR: 'at-once',
  COUPON_QR_CAPTION: 'at-once',
  REFUND_REQUESTED: 'grouped',
  // The money of the buyer's own payment, which found no unit left, going back.
  SOLD_OUT_REFUNDED: 'at-once',
  // What the person asked for by joining the line, and its hold runs from now.
  WAITLIST_UNIT_HELD: 'at-once',
  UNSOLD_REFUND_ASKED: 'grouped',
  // What an admin did: grouped, as their refunds are.
  UNSOLD_REFUND_SETTLED: 'grouped',
};

/** A database handle or the caller's transaction: `tx` ties the message to the event's commit. */
type Executor = Db;

export interface GiftReceived {
  /** The gift's id: one message per gift, however often the request is repeated. */
  giftId: number | string;
  toUserId: number;
  fromUsername: string | null;
  fromFirstName?: string;
  coupon: CouponLine;
}

export interface CouponRedeemed {
  /** The redemption's id (a coupon redeemed, undone and redeemed again is told twice). */
  redemptionId: number | string;
  ownerId: number;
  coupon: CouponLine;
  /** An earlier redemption of the coupon was undone: told as redeemed again. */
  again?: boolean;
}

export interface RedemptionUndone {
  /** The undo's attempt id: one message per undo. */
  undoId: number | string;
  ownerId: number;
  coupon: CouponLine;
}

export interface CouponRequested {
  couponId: number;
  companyName: string;
  price: number;
  discount: number;
  /** Who asked; an admin asking is not told about their own request. */
  requestedBy: { id: number; username: string | null };
}

export interface RequestDecided {
  couponId: number;
  decision: 'ACCEPTED' | 'REJECTED';
  /** The partner's spokesman (partners.spokesman_user_id); null when never seen: nobody to tell. */
  partnerUserId: number | null;
  companyName: string;
  price: number;
  discount: number;
}

export interface PurchaseConfirmed {
  purchasedCouponId: string;
  buyerId: number;
  coupon: CouponLine;
}

export interface CouponWithdrawn {
  purchasedCouponId: string;
  /** Who holds the coupon: it leaves their My QR. */
  ownerId: number;
  /** Who paid for it: the money goes back to them. Another than the owner once it was given away. */
  payerId: number;
  coupon: CouponLine;
  /** REFUNDED: the money went back (amountRub); VOID: it never came. */
  outcome: { status: 'REFUNDED'; amountRub: number } | { status: 'VOID' };
  /** The owner asked for it themselves (their «Вернуть деньги»): the answer goes at once. */
  byOwner?: boolean;
}

export interface UnverifiedPurchase extends PurchaseConfirmed {
  /** What the buyer says they paid: the coupon's price. */
  amountRub: number;
}

export interface RefundRequested extends PurchaseConfirmed {
  /** What goes back: the payment's amount. */
  amountRub: number;
}

/** A payment left without a unit whose money the admins are to return. */
export interface UnsoldRefund {
  paymentId: string;
  buyerId: number;
  coupon: CouponLine;
  amountRub: number;
  provider: PaymentProvider['name'];
}

interface Outgoing {
  kind: NotificationKind;
  eventKey: string;
  chatId: number;
  text: string;
  /** A button opening the app on `path`. */
  button?: { text: string; path: string };
  /** Buttons of its own (links, callback data), sent as they are. */
  buttons?: MessageButtons;
  /** An answer to its addressee's own action, whatever its kind: not grouped. */
  atOnce?: boolean;
}

type Logger = Pick<FastifyBaseLogger, 'error' | 'info'>;

/**
 * The messages people need, one function per event. Each writes to the outbox (in the caller's
 * transaction when `tx` is given) and never throws: a message that cannot even be queued is
 * logged, and the event it tells of stands. Sending is the outbox worker's job.
 */
export function createNotificationService(options: {
  db: Db;
  log: Logger;
  /** Every admin's id (users' `adminIds`: the one rule of who is an admin), read in the event's transaction. */
  adminIds(executor: Executor): Promise<number[]>;
  /** BOT_GROUP_SECONDS: how long a grouped message waits for others of its chat; 0 sends each alone. */
  groupSeconds?: number;
}) {
  const { db, log, adminIds } = options;
  const groupSeconds = options.groupSeconds ?? 0;

  /** Until when a message waits for others of its chat to go with it; null: it goes at once. */
  function groupUntil(m: Outgoing) {
    if (groupSeconds === 0 || m.atOnce || NOTIFICATION_DELIVERY[m.kind] === 'at-once') return null;
    return sql`now() + make_interval(secs => ${groupSeconds})`;
  }

  /** Stored as every messenger has them; the messenger's adapter draws them (or leaves out what it cannot). */
  function buttonsOf({ button, buttons }: Outgoing): MessageButtons | null {
    if (buttons) return buttons;
    return button ? [[{ text: button.text, app: button.path }]] : null;
  }

  async function enqueue(
    what: { kind: NotificationKind; eventKey: string },
    tx: Executor | undefined,
    build: (exec: Executor) => Promise<Outgoing[]> | Outgoing[],
  ): Promise<boolean> {
    const write = async (exec: Executor) => {
      const messages = await build(exec);
      if (messages.length === 0) return;
      await exec
        .insert(notifications)
        .values(
          messages.map((m) => {
            const until = groupUntil(m);
            return {
              kind: m.kind,
              eventKey: m.eventKey,
              chatId: m.chatId,
              text: m.text,
              buttons: buttonsOf(m),
              purpose: NOTIFICATION_PURPOSES[m.kind],
              ...(until ? { groupUntil: until, nextAttemptAt: until } : {}),
            };
          }),
        )
        .onConflictDoNothing();
    };
    try {
      // A savepoint: a failure here must not abort the caller's transaction.
      if (tx) await tx.transaction(async (savepoint) => write(savepoint));
      else await write(db);
      return true;
    } catch (err) {
      log.error({ err, ...what }, 'notification not queued; the event stands without it');
      return false;
    }
  }

  /** One message to every admin but `except`; with none yet, the message goes to the log. */
  async function toAdmins(exec: Executor, message: Omit<Outgoing, 'chatId'>, except?: number) {
    const admins = (await adminIds(exec)).filter((id) => id !== except);
    if (admins.length === 0) {
      const { kind, eventKey, text } = message;
      log.info({ kind, eventKey, text }, 'no admin has opened the app yet; nobody to tell');
    }
    return admins.map((chatId) => ({ ...message, chatId }));
  }

  return {
    async notifyGiftReceived(input: GiftReceived, tx?: Executor): Promise<void> {
      const eventKey = String(input.giftId);
      await enqueue({ kind: 'GIFT_RECEIVED', eventKey }, tx, () => [
        {
          kind: 'GIFT_RECEIVED',
          eventKey,
          chatId: input.toUserId,
          text: notificationTexts.giftReceived(input),
          button: notificationButtons.myCoupons,
        },
      ]);
    },

    async notifyCouponRedeemed(input: CouponRedeemed, tx?: Executor): Promise<void> {
      const eventKey = String(input.redemptionId);
      await enqueue({ kind: 'COUPON_REDEEMED', eventKey }, tx, () => [
        {
          kind: 'COUPON_REDEEMED',
          eventKey,
          chatId: input.ownerId,
          text: input.again
            ? notificationTexts.couponRedeemedAgain(input)
            : notificationTexts.couponRedeemed(input),
          button: notificationButtons.myCoupons,
        },
      ]);
    },

    /** An undone redemption: its owner hears the coupon works again. */
    async notifyRedemptionUndone(input: RedemptionUndone, tx?: Executor): Promise<void> {
      const eventKey = String(input.undoId);
      await enqueue({ kind: 'COUPON_REDEMPTION_UNDONE', eventKey }, tx, () => [
        {
          kind: 'COUPON_REDEMPTION_UNDONE',
          eventKey,
          chatId: input.ownerId,
          text: notificationTexts.redemptionUndone(input),
          button: notificationButtons.myCoupons,
        },
      ]);
    },

    async notifyCouponRequested(input: CouponRequested, tx?: Executor): Promise<void> {
      const eventKey = String(input.couponId);
      const text = notificationTexts.couponRequested({ ...input, requestedBy: input.requestedBy.username });
      await enqueue({ kind: 'COUPON_REQUESTED', eventKey }, tx, (exec) =>
        toAdmins(
          exec,
          { kind: 'COUPON_REQUESTED', eventKey, text, button: notificationButtons.requestList },
          input.requestedBy.id,
        ),
      );
    },

    async notifyRequestDecided(input: RequestDecided, tx?: Executor): Promise<void> {
      const eventKey = String(input.couponId);
      const { partnerUserId } = input;
      const accepted = input.decision === 'ACCEPTED';
      const text = accepted
        ? notificationTexts.requestAccepted(input)
        : notificationTexts.requestRejected(input);
      if (partnerUserId === null) {
        log.info(
          { kind: 'REQUEST_DECIDED', eventKey, text },
          'the partner has not opened the app yet; nobody to tell',
        );
        return;
      }
      await enqueue({ kind: 'REQUEST_DECIDED', eventKey }, tx, () => [
        {
          kind: 'REQUEST_DECIDED',
          eventKey,
          chatId: partnerUserId,
          text,
          ...(accepted ? {} : { button: notificationButtons.newRequest }),
        },
      ]);
    },

    /**
     * A coupon issued on the buyer's word (PAYMENT_PROVIDER=link): the admins are the only check that
     * the money came, against their account.
     */
    async notifyUnverifiedPurchase(input: UnverifiedPurchase, tx?: Executor): Promise<void> {
      const eventKey = input.purchasedCouponId;
      await enqueue({ kind: 'UNVERIFIED_PURCHASE', eventKey }, tx, async (exec) => {
        const [buyer] = await exec
          .select({ username: users.username, firstName: users.firstName })
          .from(users)
          .where(eq(users.id, input.buyerId));
        const text = notificationTexts.unverifiedPurchase({
          buyerUsername: buyer?.username ?? null,
          buyerFirstName: buyer?.firstName ?? '',
          coupon: input.coupon,
          amountRub: input.amountRub,
        });
        return toAdmins(exec, { kind: 'UNVERIFIED_PURCHASE', eventKey, text });
      });
    },

    /**
     * A buyer asked for their money back where the provider cannot return it by itself (the `link`
     * provider): the admins return it outside the app and mark it in «Покупки».
     */
    async notifyRefundRequested(input: RefundRequested, tx?: Executor): Promise<void> {
      const eventKey = input.purchasedCouponId;
      await enqueue({ kind: 'REFUND_REQUESTED', eventKey }, tx, async (exec) => {
        const [buyer] = await exec
          .select({ username: users.username, firstName: users.firstName })
          .from(users)
          .where(eq(users.id, input.buyerId));
        const text = notificationTexts.refundRequested({
          buyerUsername: buyer?.username ?? null,
          buyerFirstName: buyer?.firstName ?? '',
          coupon: input.coupon,
          amountRub: input.amountRub,
        });
        return toAdmins(
          exec,
          { kind: 'REFUND_REQUESTED', eventKey, text, button: notificationButtons.purchases },
          input.buyerId,
        );
      });
    },

    /** A held gift reached its addressee (`GIFT_CLAIMED`), or came back to its giver (`GIFT_RETURNED`). */
    async notifyHeldGiftSettled(
      input: {
        giftId: number;
        giverId: number;
        toUsername: string;
        coupon: CouponLine;
        outcome: 'claimed' | 'returned';
      },
      tx?: Executor,
    ): Promise<void> {
      const eventKey = String(input.giftId);
      const kind = input.outcome === 'claimed' ? 'GIFT_CLAIMED' : 'GIFT_RETURNED';
      const text =
        input.outcome === 'claimed'
          ? notificationTexts.giftClaimedForGiver(input)
          : notificationTexts.giftReturned(input);
      await enqueue({ kind, eventKey }, tx, () => [
        { kind, eventKey, chatId: input.giverId, text, button: notificationButtons.myCoupons },
      ]);
    },

    /** A coupon redeemed with no signal that was no longer valid: the admins sort it out. */
    async notifyOfflineConflict(
      input: { nonce: string; partner: string; coupon: CouponLine; what: string },
      tx?: Executor,
    ): Promise<void> {
      const eventKey = input.nonce;
      const text = notificationTexts.offlineConflict(input);
      await enqueue({ kind: 'OFFLINE_CONFLICT', eventKey }, tx, (exec) =>
        toAdmins(exec, { kind: 'OFFLINE_CONFLICT', eventKey, text }),
      );
    },

    /**
     * A coupon refunded or voided: its holder hears it has left their My QR, and its payer, when it
     * was given away, what became of their money. Who paid and who holds it are one until a gift.
     */
    async notifyCouponWithdrawn(input: CouponWithdrawn, tx?: Executor): Promise<void> {
      const eventKey = input.purchasedCouponId;
      const { coupon, outcome } = input;
      const kind = outcome.status === 'REFUNDED' ? 'COUPON_REFUNDED' : 'COUPON_VOIDED';
      const said =
        outcome.status === 'REFUNDED'
          ? {
              toPayerAndHolder: notificationTexts.couponRefunded({ coupon, amountRub: outcome.amountRub }),
              toPayer: notificationTexts.giftRefundedToPayer({ coupon, amountRub: outcome.amountRub }),
              toHolder: notificationTexts.giftRefundedToHolder({ coupon }),
            }
          : {
              toPayerAndHolder: notificationTexts.couponVoided({ coupon }),
              toPayer: notificationTexts.giftVoidedToPayer({ coupon }),
              toHolder: notificationTexts.giftVoidedToHolder({ coupon }),
            };
      const messages =
        input.payerId === input.ownerId
          ? [{ chatId: input.ownerId, text: said.toPayerAndHolder }]
          : [
              { chatId: input.payerId, text: said.toPayer },
              { chatId: input.ownerId, text: said.toHolder },
            ];
      await enqueue({ kind, eventKey }, tx, () =>
        messages.map((m) => ({ kind, eventKey, ...m, atOnce: input.byOwner })),
      );
    },

    /**
     * A reminder (reminders.service.ts) in the transaction that claims it: false when it could not
     * be queued, and the caller rolls the claim back so the next sweep tries again.
     */
    async remind(
      input: {
        kind: 'COUPON_EXPIRING' | 'GIFT_RETURNING';
        eventKey: string;
        chatId: number;
        text: string;
        buttons: MessageButtons;
      },
      tx: Executor,
    ): Promise<boolean> {
      return enqueue({ kind: input.kind, eventKey: input.eventKey }, tx, () => [input]);
    },

    /** After a visit, its buyer is asked how it went, with 1–5 buttons (ratings.service.ts answers them). */
    async askVisitRating(
      input: {
        purchasedCouponId: string;
        ownerId: number;
        coupon: CouponLine;
        buttons: MessageButtons;
      },
      tx?: Executor,
    ): Promise<void> {
      const eventKey = input.purchasedCouponId;
      await enqueue({ kind: 'VISIT_RATING_ASKED', eventKey }, tx, () => [
        {
          kind: 'VISIT_RATING_ASKED',
          eventKey,
          chatId: input.ownerId,
          text: notificationTexts.visitRatingAsked(input),
          buttons: input.buttons,
        },
      ]);
    },

    /** A payment that came after its hold lapsed and found no unit left: its money goes back. */
    async notifySoldOutRefunded(input: { paymentId: string; buyerId: number; text: string }, tx?: Executor) {
      const eventKey = input.paymentId;
      await enqueue({ kind: 'SOLD_OUT_REFUNDED', eventKey }, tx, () => [
        { kind: 'SOLD_OUT_REFUNDED', eventKey, chatId: input.buyerId, text: input.text },
      ]);
    },

    /**
     * A payment came after its hold lapsed, found no unit, and its provider did not give the money
     * back (the `link` and `telegram` providers cannot; YooKassa refused): the admins return it and
     * mark it in «Покупки».
     */
    async notifyUnsoldRefundAsked(input: UnsoldRefund, tx?: Executor): Promise<void> {
      const eventKey = input.paymentId;
      await enqueue({ kind: 'UNSOLD_REFUND_ASKED', eventKey }, tx, async (exec) => {
        const [buyer] = await exec
          .select({ username: users.username, firstName: users.firstName })
          .from(users)
          .where(eq(users.id, input.buyerId));
        const text = notificationTexts.unsoldRefundAsked({
          buyerUsername: buyer?.username ?? null,
          buyerFirstName: buyer?.firstName ?? '',
          coupon: input.coupon,
          amountRub: input.amountRub,
          provider: input.provider,
        });
        return toAdmins(exec, {
          kind: 'UNSOLD_REFUND_ASKED',
          eventKey,
          text,
          button: notificationButtons.purchases,
        });
      });
    },

    /** An admin marked the money of a payment left without a unit returned: its buyer is told. */
    async notifyUnsoldRefundSettled(
      input: { refundId: string; buyerId: number; coupon: CouponLine; amountRub: number },
      tx?: Executor,
    ): Promise<void> {
      const eventKey = input.refundId;
      await enqueue({ kind: 'UNSOLD_REFUND_SETTLED', eventKey }, tx, () => [
        {
          kind: 'UNSOLD_REFUND_SETTLED',
          eventKey,
          chatId: input.buyerId,
          text: notificationTexts.unsoldRefundSettled(input),
        },
      ]);
    },

    /**
     * A unit of a sold-out offer freed and held for the first in its line, with a button opening the
     * buy screen on that offer: one message per place in the line.
     */
    async notifyWaitlistUnitHeld(
      input: { placeId: number; userId: number; text: string; button: { text: string; path: string } },
      tx?: Executor,
    ) {
      const eventKey = String(input.placeId);
      await enqueue({ kind: 'WAITLIST_UNIT_HELD', eventKey }, tx, () => [
        {
          kind: 'WAITLIST_UNIT_HELD',
          eventKey,
          chatId: input.userId,
          text: input.text,
          button: input.button,
        },
      ]);
    },

    async notifyPurchaseConfirmed(input: PurchaseConfirmed, tx?: Executor): Promise<void> {
      const eventKey = input.purchasedCouponId;
      await enqueue({ kind: 'PURCHASE_CONFIRMED', eventKey }, tx, () => [
        {
          kind: 'PURCHASE_CONFIRMED',
          eventKey,
          chatId: input.buyerId,
          text: notificationTexts.purchaseConfirmed(input),
          button: notificationButtons.myCoupons,
        },
      ]);
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
