import type { NotificationKind } from '../notifications/message-kinds.ts';

/**
 * The bot's messages a buyer needs, mailed when the bot could not deliver them in time: their
 * purchase and its QR, their money going back, a gift to them, their turn in an offer's line, and
 * the reminders. Transactional only: nothing here is an offer, and no admin's or partner's notice is
 * mailed (they work in the app). A QR's caption edits are the chat's own, never mailed.
 */
export const MAILED_KINDS = [
  'PURCHASE_CONFIRMED',
  'COUPON_QR',
  'COUPON_REFUNDED',
  'SOLD_OUT_REFUNDED',
  'UNSOLD_REFUND_SETTLED',
  'GIFT_RECEIVED',
  'WAITLIST_UNIT_HELD',
  'COUPON_EXPIRING',
  'GIFT_RETURNING',
] as const satisfies readonly NotificationKind[];

export type MailedKind = (typeof MAILED_KINDS)[number];

export const isMailedKind = (kind: NotificationKind): kind is MailedKind =>
  (MAILED_KINDS as readonly NotificationKind[]).includes(kind);

/** How long the bot has before a message is mailed. */
export const MAIL_AFTER_MS = 15 * 60_000;

/**
 * Past this age a message is not mailed: the outbox gives up on Telegram after a day too, and a
 * newly confirmed address should not get last month's reminders.
 */
export const MAIL_WITHIN_MS = 24 * 3600_000;
