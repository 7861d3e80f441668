/**
 * How often one user may do what costs something: a payment at the provider, a bot message, a
 * row per attempt. Far above what a person does by hand, well below what a script does.
 */
export const RATE_LIMITS = {
  startPayment: { max: 10, timeWindow: '10 minutes' },
  gift: { max: 20, timeWindow: '10 minutes' },
  /**
   * Joining and leaving an offer's line, one count for both (`groupId`, rate-limit-store.ts): each
   * takes the offer's lock, and a join and a leave in turn are as dear as two joins.
   */
  waitlist: { max: 20, timeWindow: '10 minutes', groupId: 'waitlist' },
  /**
   * A file the bot sends the caller on request (a report's export, their own data), one count for
   * both: each is a document through Telegram, whose limits are the bot's for everyone.
   */
  sendToBot: { max: 20, timeWindow: '10 minutes', groupId: 'send-to-bot' },
  /** A confirmation mail to an address the caller typed: a person needs two or three, a spammer many. */
  confirmationMail: { max: 5, timeWindow: '1 hour' },
  /**
   * A code that links the caller's account in another messenger: a person needs one or two; a
   * script making many guesses nothing (each has 128 random bits), yet is stopped early.
   */
  linkCode: { max: 5, timeWindow: '1 hour' },
  /** A buyer's own refund: each one new asks the provider. */
  buyerRefund: { max: 20, timeWindow: '10 minutes' },
  redeem: { max: 30, timeWindow: '1 minute' },
  couponRequest: { max: 20, timeWindow: '1 hour' },
  /**
   * Whether a username was seen: one or two per gift or staff name, never a walk through a list of
   * names. Per person and day, counted in the database every process shares: a few accounts learn
   * a few dozen names a day, not who uses the app.
   */
  usernameLookup: { max: 20, timeWindow: '1 day' },
  /** Per sending address: YooKassa sends a few per payment; each one read costs a call back to it. */
  providerNotification: { max: 120, timeWindow: '1 minute' },
} as const;
