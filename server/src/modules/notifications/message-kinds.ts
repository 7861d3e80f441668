import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type notificationKind, type notificationPurpose, users } from '../../db/schema.ts';
import type { MessageButton, MessageButtons } from '../../domain/messenger.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import type { CouponLine } from '../purchased-coupons/purchased-coupons.query.ts';
import { notificationButtons, notificationTexts as say } from './texts.ts';

export type NotificationKind = (typeof notificationKind.enumValues)[number];
type NotificationPurpose = (typeof notificationPurpose.enumValues)[number];

/**
 * When a message goes (ADR 0005): an answer to its addressee's own action (they paid, they asked)
 * `at-once`; anything else (what a partner, an admin, a friend or the clock did) is `grouped`: it
 * waits `BOT_GROUP_SECONDS` for others of its chat, and those due by then go as one message.
 */
type Delivery = 'at-once' | 'grouped';

/**
 * Who is told what: people by their id (null: someone the app has not seen yet, so nobody to
 * tell), or every admin but `except`, all in the same words. `notify` finds each one's messenger.
 */
export type Told = Array<{ userId: number | null; text: string }> | { admins: string; except?: number };

/** A kind of message `notify` writes, told from an `Input` the event's module gives. */
export interface MessageKind<Input> {
  /**
   * About something its addressee owns or asked for (`service`), or an offer (advertising), which
   * goes only to someone who agreed to partners' offers (the trigger of migration 0026 drops any
   * other). Today there is no offer.
   */
  purpose: NotificationPurpose;
  delivery: Delivery | ((input: Input) => Delivery);
  /** The event told of: one message per event and recipient, however often the event is told. */
  eventKey: (input: Input) => string | number;
  /** `read`: the event's transaction, for what the words need and its module does not have. */
  to: (input: Input, read: Db) => Told | Promise<Told>;
  buttons?: MessageButtons | ((input: Input) => MessageButtons | undefined);
}

/** A kind the database writes itself, in the transaction of any change of a coupon, never `notify`. */
interface WrittenByTheDatabase {
  purpose: NotificationPurpose;
  delivery: Delivery;
}

const kind = <Input>(message: MessageKind<Input>) => message;

const myCoupons = [[notificationButtons.myCoupons]];

/** The buyer as the admins are told of them: their @username, else their first name. */
async function buyerOf(read: Db, buyerId: number) {
  const [buyer] = await read
    .select({ username: users.username, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, buyerId));
  return { buyerUsername: buyer?.username ?? null, buyerFirstName: buyer?.firstName ?? '' };
}

interface GiftReceived {
  /** The gift's id: one message per gift, however often the request is repeated. */
  giftId: number | string;
  toUserId: number;
  fromUsername: string | null;
  fromFirstName?: string;
  coupon: CouponLine;
}

interface CouponRedeemed {
  /** The redemption's id (a coupon redeemed, undone and redeemed again is told twice). */
  redemptionId: number | string;
  ownerId: number;
  coupon: CouponLine;
  /** An earlier redemption of the coupon was undone: told as redeemed again. */
  again?: boolean;
}

interface CouponRequested {
  couponId: number;
  companyName: string;
  price: number;
  discount: number;
  /** Who asked; an admin asking is not told about their own request. */
  requestedBy: { id: number; username: string | null };
}

interface RequestDecided {
  couponId: number;
  decision: 'ACCEPTED' | 'REJECTED';
  /** The partner's spokesman (partners.spokesman_user_id); null when never seen: nobody to tell. */
  partnerUserId: number | null;
  companyName: string;
  price: number;
  discount: number;
}

interface Purchase {
  purchasedCouponId: string;
  buyerId: number;
  coupon: CouponLine;
}

/** A coupon refunded or voided: it leaves its holder's My QR, and its payer's money is accounted for. */
interface CouponWithdrawn {
  purchasedCouponId: string;
  /** Who holds the coupon: it leaves their My QR. */
  ownerId: number;
  /** Who paid for it: the money goes back to them. Another than the owner once it was given away. */
  payerId: number;
  coupon: CouponLine;
  /** The owner asked for it themselves (their «Вернуть деньги»): the answer goes at once. */
  byOwner?: boolean;
}

/** Who paid and who holds it are one until a gift: then each is told their part. */
const payerAndHolder = (
  input: CouponWithdrawn,
  said: { toPayerAndHolder: string; toPayer: string; toHolder: string },
): Told =>
  input.payerId === input.ownerId
    ? [{ userId: input.ownerId, text: said.toPayerAndHolder }]
    : [
        { userId: input.payerId, text: said.toPayer },
        { userId: input.ownerId, text: said.toHolder },
      ];

/** A held gift settled: it reached its addressee, or came back to its giver. */
interface HeldGiftSettled {
  giftId: number;
  giverId: number;
  toUsername: string;
  coupon: CouponLine;
}

/** A reminder (reminders.service.ts), one or a digest of a person's, in its own words and buttons. */
interface Reminder {
  eventKey: string;
  userId: number;
  text: string;
  buttons: MessageButtons;
}

const reminder = kind<Reminder>({
  purpose: 'service',
  delivery: 'grouped',
  eventKey: (input) => input.eventKey,
  to: (input) => [{ userId: input.userId, text: input.text }],
  buttons: (input) => input.buttons,
});

/**
 * Every message the bot sends about an event, by its kind: who is told, in what words, under which
 * buttons, when it goes and what it is. A new kind of the schema's enum must be put here, and so be
 * decided; its words are in texts.ts.
 */
export const MESSAGE_KINDS = {
  GIFT_RECEIVED: kind<GiftReceived>({
    purpose: 'service',
    delivery: 'grouped',
    eventKey: (input) => input.giftId,
    to: (input) => [{ userId: input.toUserId, text: say.giftReceived(input) }],
    buttons: myCoupons,
  }),

  COUPON_REDEEMED: kind<CouponRedeemed>({
    purpose: 'service',
    delivery: 'grouped',
    eventKey: (input) => input.redemptionId,
    to: (input) => [
      {
        userId: input.ownerId,
        text: input.again ? say.couponRedeemedAgain(input) : say.couponRedeemed(input),
      },
    ],
    buttons: myCoupons,
  }),

  /** An undone redemption: its owner hears the coupon works again (one message per undo). */
  COUPON_REDEMPTION_UNDONE: kind<{ undoId: number | string; ownerId: number; coupon: CouponLine }>({
    purpose: 'service',
    delivery: 'grouped',
    eventKey: (input) => input.undoId,
    to: (input) => [{ userId: input.ownerId, text: say.redemptionUndone(input) }],
    buttons: myCoupons,
  }),

  COUPON_REQUESTED: kind<CouponRequested>({
    purpose: 'service',
    delivery: 'grouped',
    eventKey: (input) => input.couponId,
    to: (input) => ({
      admins: say.couponRequested({ ...input, requestedBy: input.requestedBy.username }),
      except: input.requestedBy.id,
    }),
    buttons: [[notificationButtons.requestList]],
  }),

  REQUEST_DECIDED: kind<RequestDecided>({
    purpose: 'service',
    delivery: 'grouped',
    eventKey: (input) => input.couponId,
    to: (input) => [
      {
        userId: input.partnerUserId,
        text: input.decision === 'ACCEPTED' ? say.requestAccepted(input) : say.requestRejected(input),
      },
    ],
    buttons: (input) => (input.decision === 'REJECTED' ? [[notificationButtons.newRequest]] : undefined),
  }),

  PURCHASE_CONFIRMED: kind<Purchase>({
    purpose: 'service',
    delivery: 'at-once',
    eventKey: (input) => input.purchasedCouponId,
    to: (input) => [{ userId: input.buyerId, text: say.purchaseConfirmed(input) }],
    buttons: myCoupons,
  }),

  /**
   * A coupon issued on the buyer's word (PAYMENT_PROVIDER=link): the admins are the only check that
   * the money came, against their account. `amountRub`: what the buyer says they paid.
   */
  UNVERIFIED_PURCHASE: kind<Purchase & { amountRub: number }>({
    purpose: 'service',
    delivery: 'grouped',
    eventKey: (input) => input.purchasedCouponId,
    to: async (input, read) => ({
      admins: say.unverifiedPurchase({ ...(await buyerOf(read, input.buyerId)), ...input }),
    }),
  }),

  COUPON_REFUNDED: kind<CouponWithdrawn & { amountRub: number }>({
    purpose: 'service',
    // An admin's refund, or the provider's word; the buyer's own refund answers them at once.
    delivery: (input) => (input.byOwner ? 'at-once' : 'grouped'),
    eventKey: (input) => input.purchasedCouponId,
    to: (input) =>
      payerAndHolder(input, {
        toPayerAndHolder: say.couponRefunded(input),
        toPayer: say.giftRefundedToPayer(input),
        toHolder: say.giftRefundedToHolder(input),
      }),
  }),

  /** The money never came. */
  COUPON_VOIDED: kind<CouponWithdrawn>({
    purpose: 'service',
    delivery: (input) => (input.byOwner ? 'at-once' : 'grouped'),
    eventKey: (input) => input.purchasedCouponId,
    to: (input) =>
      payerAndHolder(input, {
        toPayerAndHolder: say.couponVoided(input),
        toPayer: say.giftVoidedToPayer(input),
        toHolder: say.giftVoidedToHolder(input),
      }),
  }),

  GIFT_CLAIMED: kind<HeldGiftSettled>({
    purpose: 'service',
    delivery: 'grouped',
    eventKey: (input) => input.giftId,
    to: (input) => [{ userId: input.giverId, text: say.giftClaimedForGiver(input) }],
    buttons: myCoupons,
  }),

  GIFT_RETURNED: kind<HeldGiftSettled>({
    purpose: 'service',
    delivery: 'grouped',
    eventKey: (input) => input.giftId,
    to: (input) => [{ userId: input.giverId, text: say.giftReturned(input) }],
    buttons: myCoupons,
  }),

  /** A coupon redeemed with no signal that was no longer valid: the admins sort it out. */
  OFFLINE_CONFLICT: kind<{ nonce: string; partner: string; coupon: CouponLine; what: string }>({
    purpose: 'service',
    delivery: 'grouped',
    eventKey: (input) => input.nonce,
    to: (input) => ({ admins: say.offlineConflict(input) }),
  }),

  COUPON_EXPIRING: reminder,
  GIFT_RETURNING: reminder,

  /** After a visit, its buyer is asked how it went, with 1–5 buttons (ratings.service.ts answers them). */
  VISIT_RATING_ASKED: kind<{
    purchasedCouponId: string;
    ownerId: number;
    coupon: CouponLine;
    /** The visit's day, which the ask names: two visits to one partner are two asks. */
    visitedOn: string;
    buttons: MessageButtons;
  }>({
    purpose: 'service',
    delivery: 'grouped',
    eventKey: (input) => input.purchasedCouponId,
    to: (input) => [{ userId: input.ownerId, text: say.visitRatingAsked(input) }],
    buttons: (input) => input.buttons,
  }),

  // Written by the trigger of migration 0020 on purchased_coupons. A photo cannot be a part of a
  // text, and it is the coupon itself: it goes at once, as its caption's edits do.
  COUPON_QR: { purpose: 'service', delivery: 'at-once' },
  COUPON_QR_CAPTION: { purpose: 'service', delivery: 'at-once' },

  /**
   * A buyer asked for their money back where the provider cannot return it by itself (the `link`
   * provider): the admins return it outside the app and mark it in «Покупки». `amountRub`: the
   * payment's amount.
   */
  REFUND_REQUESTED: kind<Purchase & { amountRub: number }>({
    purpose: 'service',
    delivery: 'grouped',
    eventKey: (input) => input.purchasedCouponId,
    to: async (input, read) => ({
      admins: say.refundRequested({ ...(await buyerOf(read, input.buyerId)), ...input }),
      except: input.buyerId,
    }),
    buttons: [[notificationButtons.purchases]],
  }),

  /** The money of the buyer's own payment, which came after its hold lapsed and found no unit left, going back. */
  SOLD_OUT_REFUNDED: kind<{ paymentId: string; buyerId: number; text: string }>({
    purpose: 'service',
    delivery: 'at-once',
    eventKey: (input) => input.paymentId,
    to: (input) => [{ userId: input.buyerId, text: input.text }],
  }),

  /**
   * A unit of a sold-out offer freed and held for the first in its line, with a button opening the
   * buy screen on that offer: one message per place in the line. Told only to someone who asked to
   * be in the line: about their place, not an offer; and at once, as its hold runs from now.
   */
  WAITLIST_UNIT_HELD: kind<{ placeId: number; userId: number; text: string; button: MessageButton }>({
    purpose: 'service',
    delivery: 'at-once',
    eventKey: (input) => input.placeId,
    to: (input) => [{ userId: input.userId, text: input.text }],
    buttons: (input) => [[input.button]],
  }),

  /**
   * A payment came after its hold lapsed, found no unit, and its provider did not give the money
   * back (the `link` and `telegram` providers cannot; YooKassa refused): the admins return it and
   * mark it in «Покупки».
   */
  UNSOLD_REFUND_ASKED: kind<{
    paymentId: string;
    buyerId: number;
    coupon: CouponLine;
    amountRub: number;
    provider: PaymentProvider['name'];
  }>({
    purpose: 'service',
    delivery: 'grouped',
    eventKey: (input) => input.paymentId,
    to: async (input, read) => ({
      admins: say.unsoldRefundAsked({ ...(await buyerOf(read, input.buyerId)), ...input }),
    }),
    buttons: [[notificationButtons.purchases]],
  }),

  /** An admin marked the money of a payment left without a unit returned: grouped, as their refunds are. */
  UNSOLD_REFUND_SETTLED: kind<{ refundId: string; buyerId: number; coupon: CouponLine; amountRub: number }>({
    purpose: 'service',
    delivery: 'grouped',
    eventKey: (input) => input.refundId,
    to: (input) => [{ userId: input.buyerId, text: say.unsoldRefundSettled(input) }],
  }),
} satisfies Record<NotificationKind, MessageKind<never> | WrittenByTheDatabase>;

type Table = typeof MESSAGE_KINDS;

/** What each kind `notify` writes is told from: `notify('GIFT_RECEIVED', input)` takes a GiftReceived. */
export type NotificationInput = {
  [K in keyof Table as Table[K] extends MessageKind<never> ? K : never]: Table[K] extends MessageKind<
    infer Input
  >
    ? Input
    : never;
};
