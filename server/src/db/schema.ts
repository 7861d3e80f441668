import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { MESSENGERS } from '#contract/messengers';
import { PARTNER_TYPES } from '#contract/partners';
import type { MessageButtons } from '../domain/messenger.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * A person's id in this app (users.id). A Telegram user's is their Telegram id, as it was before a
 * second messenger; a person from another messenger gets one from `users_internal_id_seq`, above
 * every Telegram id. Which messenger knows them by what is `messenger_identities`.
 */
const personId = (name: string) => bigint(name, { mode: 'number' });
/** A chat or user id of a messenger (a chat's own id in `messenger`'s numbering). */
const messengerChatId = (name: string) => bigint(name, { mode: 'number' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const messenger = pgEnum('messenger', MESSENGERS);
/**
 * Ids of people from other messengers than Telegram: above 2^52, past every Telegram id (which have
 * at most 52 significant bits), and within JavaScript's exact integers.
 */
export const usersInternalId = pgSequence('users_internal_id_seq', {
  startWith: 4503599627370496,
  minValue: 4503599627370496,
  maxValue: 9007199254740991,
});
export const partnerType = pgEnum('partner_type', PARTNER_TYPES);
export const couponStatus = pgEnum('coupon_status', ['PENDING', 'ACCEPTED', 'REJECTED']);
export const paymentStatus = pgEnum('payment_status', ['PENDING', 'SUCCEEDED', 'CANCELED']);
export const paymentProvider = pgEnum('payment_provider', ['sandbox', 'link', 'yookassa', 'telegram']);
/** REFUNDED: the money went back before the coupon was used; the coupon is void, kept for the record. */
/**
 * REFUNDED: the money went back before the coupon was used; VOID: its money never came (the `link`
 * provider's buyer was wrong). Both are final, kept for the record. An unused coupon past its expiry
 * stays NOT_USED: `expires_at` makes it expired at that instant, whether or not the sweep has
 * recorded it (purchased-coupons/expiry.ts). HELD: gifted to a username nobody has opened the app
 * with yet; it waits for them (ADR 0012), usable by no one meanwhile.
 */
export const purchasedCouponStatus = pgEnum('purchased_coupon_status', [
  'NOT_USED',
  'USED',
  'REFUNDED',
  'VOID',
  'HELD',
]);
export const redemptionResult = pgEnum('redemption_result', [
  'REDEEMED',
  'ALREADY_USED',
  'UNKNOWN_TOKEN',
  'OTHER_COMPANY',
  'OWNER_NOT_MEMBER',
  'UNDONE',
  'NOT_ALLOWED',
  'EXPIRED',
  'REFUND_PENDING',
]);
export const geoPointType = pgEnum('geo_point_type', ['START', 'PART', 'END']);

/**
 * A person, keyed by their id in this app; how each messenger knows them is `messenger_identities`.
 * The username is an attribute that may change, of the messenger they came from: unique within it.
 */
export const users = pgTable(
  'users',
  {
    id: personId('id').primaryKey(),
    /** The messenger whose username `username` is (the one they came from). */
    messenger: messenger('messenger').notNull().default('telegram'),
    username: text('username'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name'),
    isAdmin: boolean('is_admin').notNull().default(false),
    isChatMember: boolean('is_chat_member').notNull().default(false),
    membershipCheckedAt: timestamp('membership_checked_at', { withTimezone: true }),
    /** When Telegram vouched for this username and name (init data's auth_date): older news loses. */
    profileAsOf: timestamp('profile_as_of', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Where fiscal receipts go (54-ФЗ); given on the buy screen, never shown to partners. */
    email: text('email'),
    /** Consent to the privacy policy (152-ФЗ): when, and to which edition of its text. */
    consentAt: timestamp('consent_at', { withTimezone: true }),
    consentEdition: text('consent_edition'),
    /**
     * Counts the changes of what this user's My QR shows; a trigger on purchased_coupons (migration
     * 0017) raises it in the transaction of the change, so a poll learns «nothing new» from this row.
     */
    couponsVersion: bigint('coupons_version', { mode: 'number' }).notNull().default(0),
    /** The person turned off the bot's reminders of coupons about to expire and gifts coming back. */
    couponRemindersOff: boolean('coupon_reminders_off').notNull().default(false),
    /** The code of this person's invitation link (`startapp=ref_<code>`), made when first asked for. */
    inviteCode: text('invite_code'),
    /** Whose invitation link brought this person to the app, if one did: attribution only. */
    invitedBy: personId('invited_by'),
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    /**
     * Whether the bot sends this user each new QR of theirs as a photo in its chat (and keeps its
     * caption true); they may turn it off in «Мои данные».
     */
    qrPhotosInChat: boolean('qr_photos_in_chat').notNull().default(true),
    /**
     * When they agreed to partners' offers by the bot («Присылать предложения партнеров» in «Мои
     * данные», a consent of its own under 38-ФЗ art. 18); null: they have not, or took it back.
     */
    partnerOffersAt: timestamp('partner_offers_at', { withTimezone: true }),
    /**
     * The address its owner confirmed by the link mailed to it; `email` equal to it is confirmed. A
     * changed `email` is unconfirmed until its own link is followed, and gets nothing else.
     */
    emailConfirmed: text('email_confirmed'),
    /** When they followed a mail's link to stop: the bot's messages are not mailed to them. */
    emailStoppedAt: timestamp('email_stopped_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_username_key').on(t.messenger, sql`lower(${t.username})`),
    uniqueIndex('users_invite_code_key').on(t.inviteCode),
    index('users_invited_by_idx').on(t.invitedBy),
  ],
);

/**
 * The days (in REPORT_TIME_ZONE) on which a person opened the app, one row a day: the season's
 * funnel counts who opened it in a period, which `users.last_seen_at` alone cannot tell.
 */
export const appOpens = pgTable(
  'app_opens',
  {
    userId: personId('user_id')
      .notNull()
      .references(() => users.id),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] }), index('app_opens_day_idx').on(t.day)],
);

/**
 * Who a messenger's user is to this app: (messenger, the id that messenger gives them) → one
 * person. External ids are text, as not every messenger's are numbers.
 */
export const messengerIdentities = pgTable(
  'messenger_identities',
  {
    messenger: messenger('messenger').notNull(),
    externalId: text('external_id').notNull(),
    userId: personId('user_id')
      .notNull()
      .references(() => users.id),
    /**
     * Their username in this messenger, for an identity linked to a person who came from another
     * (whose `users.username` is that other messenger's); null for the person's own messenger.
     */
    username: text('username'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.messenger, t.externalId] }),
    // One account of each messenger per person: linking two of the same messenger is refused.
    uniqueIndex('messenger_identities_user_messenger_key').on(t.userId, t.messenger),
  ],
);

/**
 * A one-time code that links a person's account in another messenger to them (modules/linking):
 * made in the app in `messenger`, taken by the other messenger's bot as its start payload. Only its
 * SHA-256 is kept; it works once (`used_at`) and until `expires_at`.
 */
export const linkCodes = pgTable(
  'link_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: personId('user_id')
      .notNull()
      .references(() => users.id),
    /** The messenger the code was made in: it links an account of another one. */
    messenger: messenger('messenger').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('link_codes_user_idx').on(t.userId, t.createdAt)],
);

/** A username from ADMIN_USERNAMES bound to the first person seen with it in its messenger. */
export const adminBindings = pgTable(
  'admin_bindings',
  {
    messenger: messenger('messenger').notNull().default('telegram'),
    username: text('username').notNull(),
    userId: personId('user_id')
      .notNull()
      .references(() => users.id),
    boundAt: timestamp('bound_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.messenger, t.username] })],
);

export const partners = pgTable(
  'partners',
  {
    id: serial('id').primaryKey(),
    region: text('region').notNull(),
    companyName: text('company_name').notNull(),
    partnerType: partnerType('partner_type').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    email: text('email').notNull(),
    spokesmanUsername: text('spokesman_username').notNull(),
    /** The messenger whose username `spokesman_username` is. */
    spokesmanMessenger: messenger('spokesman_messenger').notNull().default('telegram'),
    /** Bound when the spokesman is first seen, so a later holder of the username is not the partner. */
    spokesmanUserId: personId('spokesman_user_id').references(() => users.id),
    /** ИНН, for receipts of sales made as the partner's agent (RECEIPT_AGENT). */
    inn: text('inn'),
    discountConditions: jsonb('discount_conditions').$type<string[]>().notNull().default([]),
    createdBy: personId('created_by').references(() => users.id),
    createdAt: createdAt(),
    /** Set while the partner is paused: its offers are neither listed nor sold; sold coupons stay valid. */
    pausedAt: timestamp('paused_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('partners_region_company_key').on(sql`lower(${t.region})`, sql`lower(${t.companyName})`),
    index('partners_spokesman_username_idx').on(sql`lower(${t.spokesmanUsername})`),
    check('partners_phone_digits', sql`${t.phone} ~ '^7[0-9]{10}$'`),
  ],
);

/**
 * Who may scan, redeem and undo for a partner besides its spokesman: instructors at the river. Bound
 * to a Telegram id at first sight, as the spokesman is (ADR 0004).
 */
export const partnerStaff = pgTable(
  'partner_staff',
  {
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id),
    username: text('username').notNull(),
    /** The messenger whose username `username` is. */
    messenger: messenger('messenger').notNull().default('telegram'),
    userId: personId('user_id').references(() => users.id),
    addedBy: personId('added_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('partner_staff_key').on(t.partnerId, t.messenger, sql`lower(${t.username})`),
    index('partner_staff_user_idx').on(t.userId),
    index('partner_staff_username_idx').on(sql`lower(${t.username})`),
  ],
);

/** An offer of a partner; created as a request, sold only once accepted. */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id),
    price: integer('price').notNull(),
    discount: integer('discount').notNull(),
    status: couponStatus('status').notNull().default('PENDING'),
    paymentLink: text('payment_link'),
    requestedBy: personId('requested_by').references(() => users.id),
    decidedBy: personId('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** Set while an admin has withdrawn the offer: not listed, not sold; sold coupons stay valid. */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    /** The last day a coupon bought from this offer may be used (in the report time zone). */
    validUntil: date('valid_until', { mode: 'string' }),
    /** Days after the day of purchase a coupon stays valid. */
    validDays: integer('valid_days'),
    /** How many coupons it gives away in all (sold and not given back); null: no limit. */
    quantity: integer('quantity'),
    /** How many of its coupons one person may buy; null: no limit. */
    perBuyer: integer('per_buyer'),
    /** Before this instant it shows but is not sold; null: on sale once accepted. */
    saleStartsAt: timestamp('sale_starts_at', { withTimezone: true }),
  },
  (t) => [
    index('coupons_partner_status_idx').on(t.partnerId, t.status),
    check(
      'coupons_limits',
      sql`(${t.quantity} IS NULL OR ${t.quantity} BETWEEN 1 AND 100000) AND (${t.perBuyer} IS NULL OR ${t.perBuyer} BETWEEN 1 AND 100)`,
    ),
    // A coupon costs the buyer less than it saves (1 ≤ price < discount). An offer stored before that rule, which
    // broke it, was withdrawn or refused (migration 0019) and may stay so, but is never sold again.
    check(
      'coupons_amounts',
      sql`${t.price} > 0 AND ${t.discount} > 0 AND (${t.price} < ${t.discount} AND ${t.discount} <= 100000 OR ${t.status} = 'REJECTED' OR ${t.withdrawnAt} IS NOT NULL)`,
    ),
  ],
);

/**
 * Counts the changes of what the catalogue shows (regions, types, partners, offers): one row, which
 * triggers on partners and coupons raise in the transaction of the change (migration 0021), so every
 * server process learns «nothing new» from it, and a browser's copy is revalidated by it (ETag).
 */
export const catalogueVersion = pgTable(
  'catalogue_version',
  {
    id: boolean('id').primaryKey().default(true),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('catalogue_version_one_row', sql`${t.id}`)],
);

/** One attempt of one user to buy one coupon. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id),
    userId: personId('user_id')
      .notNull()
      .references(() => users.id),
    provider: paymentProvider('provider').notNull(),
    providerPaymentId: text('provider_payment_id'),
    amount: integer('amount').notNull(),
    status: paymentStatus('status').notNull().default('PENDING'),
    confirmationUrl: text('confirmation_url'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the provider was last asked about it: a notice repeated within seconds asks nothing. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /** Telegram's id of a paid invoice (`successful_payment`): one payment is settled by one charge. */
    telegramChargeId: text('telegram_charge_id'),
    /**
     * The payment provider's id of that charge (`provider_payment_charge_id`: YooKassa's payment id
     * behind BotFather's token), which an admin finds the payment by in YooKassa's dashboard.
     */
    providerChargeId: text('provider_charge_id'),
  },
  (t) => [
    uniqueIndex('payments_telegram_charge_key').on(t.telegramChargeId),
    uniqueIndex('payments_provider_payment_key').on(t.provider, t.providerPaymentId),
    index('payments_user_idx').on(t.userId),
    // The sweep's look back for payments left without their coupon (purchases/payment-settle.ts).
    index('payments_updated_idx').on(t.updatedAt),
  ],
);

/**
 * A unit of a limited offer kept for a payment under way (ADR 0022): counted as taken until its
 * payment's coupon is issued (the row goes, the coupon counts instead), or it is released — its
 * payment canceled, or lapsed past `expires_at` and found so by a later start or the sweep.
 */
export const offerHolds = pgTable(
  'offer_holds',
  {
    paymentId: uuid('payment_id')
      .primaryKey()
      .references(() => payments.id),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id),
    userId: personId('user_id')
      .notNull()
      .references(() => users.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('offer_holds_coupon_idx').on(t.couponId, t.expiresAt)],
);

/**
 * The line for a sold-out offer: one place per person per offer, served in `id` order (an
 * id is drawn under the offer's lock, so it is the order people joined in, whatever process took
 * them). A unit freed goes to the first place without one: `held_until` set, the unit counted as
 * taken until then. A place whose time passed is removed and the unit goes to the next; a payment
 * started from it takes the unit over and removes the place.
 */
export const offerWaitlist = pgTable(
  'offer_waitlist',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id),
    userId: personId('user_id')
      .notNull()
      .references(() => users.id),
    heldUntil: timestamp('held_until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('offer_waitlist_place_key').on(t.couponId, t.userId),
    index('offer_waitlist_coupon_idx').on(t.couponId, t.id),
  ],
);

/** What a buyer owns: issued exactly once per successful payment (the unique payment_id). */
export const purchasedCoupons = pgTable(
  'purchased_coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    ownerId: personId('owner_id')
      .notNull()
      .references(() => users.id),
    status: purchasedCouponStatus('status').notNull().default('NOT_USED'),
    /** ≥128 random bits, printed into the QR; replaced on every gift. */
    qrToken: text('qr_token').notNull(),
    qrPng: bytea('qr_png'),
    /** False when issued on the buyer's word (the `link` provider), for an admin to reconcile. */
    verified: boolean('verified').notNull(),
    purchasedAt: timestamp('purchased_at', { withTimezone: true }).notNull().defaultNow(),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    redeemedBy: personId('redeemed_by').references(() => users.id),
    /**
     * When its payment was given back. A coupon refunded unused is REFUNDED at once; one refunded
     * after use stays USED, and this keeps undoing that use from making it valid again.
     */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** Set while an admin's refund is with the provider: the coupon cannot be redeemed meanwhile. */
    refundRequestedAt: timestamp('refund_requested_at', { withTimezone: true }),
    /** The first instant it is no longer valid (midnight after its last day); null: no limit. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** When the expiry sweep wrote its `coupon.expired` event: each expiry is recorded once. */
    expiryRecordedAt: timestamp('expiry_recorded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('purchased_coupons_payment_key').on(t.paymentId),
    uniqueIndex('purchased_coupons_qr_token_key').on(t.qrToken),
    index('purchased_coupons_owner_idx').on(t.ownerId, t.purchasedAt),
    // The reports read an offer's coupons (weekly.service.ts), a few partners' offers at a time.
    index('purchased_coupons_coupon_idx').on(t.couponId),
    // The redemption report and its export read used coupons newest first, a page at a time.
    index('purchased_coupons_used_idx').on(t.redeemedAt, t.id).where(sql`${t.status} = 'USED'`),
  ],
);

/** SENT at once to a known member; HELD for a username until CLAIMED, CANCELED or RETURNED (7 days). */
export const giftStatus = pgEnum('gift_status', ['SENT', 'HELD', 'CLAIMED', 'CANCELED', 'RETURNED']);

export const gifts = pgTable(
  'gifts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    purchasedCouponId: uuid('purchased_coupon_id')
      .notNull()
      .references(() => purchasedCoupons.id),
    fromUserId: personId('from_user_id')
      .notNull()
      .references(() => users.id),
    /** Who got it: set when sent, or when a held gift is claimed. */
    toUserId: personId('to_user_id').references(() => users.id),
    /** The username a held gift waits for, as the giver typed it. */
    toUsername: text('to_username'),
    /** The messenger whose username `to_username` is: the giver's. */
    toMessenger: messenger('to_messenger').notNull().default('telegram'),
    status: giftStatus('status').notNull().default('SENT'),
    createdAt: createdAt(),
    /** When a held gift was claimed, canceled or returned. */
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('gifts_purchased_coupon_idx').on(t.purchasedCouponId),
    index('gifts_held_username_idx').on(sql`lower(${t.toUsername})`).where(sql`${t.status} = 'HELD'`),
  ],
);

/** Every redeem attempt (and undo), whoever made it and whatever came of it. */
export const redemptions = pgTable(
  'redemptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    purchasedCouponId: uuid('purchased_coupon_id').references(() => purchasedCoupons.id),
    qrToken: text('qr_token').notNull(),
    userId: personId('user_id')
      .notNull()
      .references(() => users.id),
    result: redemptionResult('result').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('redemptions_purchased_coupon_idx').on(t.purchasedCouponId)],
);

export const calendarLinks = pgTable('calendar_links', {
  id: serial('id').primaryKey(),
  buttonText: text('button_text').notNull(),
  link: text('link').notNull(),
  position: integer('position').notNull().default(0),
  createdAt: createdAt(),
});

export const photoDirectories = pgTable(
  'photo_directories',
  {
    id: serial('id').primaryKey(),
    region: text('region').notNull(),
    month: smallint('month').notNull(),
    organizer: text('organizer'),
    link: text('link').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('photo_directories_key').on(
      sql`lower(${t.region})`,
      t.month,
      sql`lower(coalesce(${t.organizer}, ''))`,
    ),
    check('photo_directories_month', sql`${t.month} BETWEEN 7 AND 10`),
  ],
);

export const geoPoints = pgTable(
  'geo_points',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: personId('user_id')
      .notNull()
      .references(() => users.id),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    accuracy: doublePrecision('accuracy').notNull(),
    ts: timestamp('ts', { withTimezone: true }).notNull(),
    type: geoPointType('type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('geo_points_user_ts_idx').on(t.userId, t.ts),
    check(
      'geo_points_ranges',
      sql`${t.lat} BETWEEN -90 AND 90 AND ${t.lon} BETWEEN -180 AND 180 AND ${t.accuracy} >= 0`,
    ),
  ],
);

export const notificationKind = pgEnum('notification_kind', [
  'GIFT_RECEIVED',
  'COUPON_REDEEMED',
  'COUPON_REQUESTED',
  'REQUEST_DECIDED',
  'PURCHASE_CONFIRMED',
  'UNVERIFIED_PURCHASE',
  'COUPON_REFUNDED',
  'COUPON_VOIDED',
  'GIFT_CLAIMED',
  'GIFT_RETURNED',
  'OFFLINE_CONFLICT',
  'COUPON_EXPIRING',
  'GIFT_RETURNING',
  'VISIT_RATING_ASKED',
  /** A redemption undone: its owner told the coupon works again (event_key: the undo's attempt). */
  'COUPON_REDEMPTION_UNDONE',
  /** A coupon's QR as a photo to its holder, once per holder and QR token (event_key: the token). */
  'COUPON_QR',
  /** Brings the caption of a COUPON_QR photo (caption_of) up to date with what its QR is worth now. */
  'COUPON_QR_CAPTION',
  /** A buyer asked for their money back where the provider cannot return it by itself: the admins do. */
  'REFUND_REQUESTED',
  /** A payment that succeeded after its hold lapsed and no unit was left: its money sent back. */
  'SOLD_OUT_REFUNDED',
  /** A unit freed of a sold-out offer, held for the first in its line (event_key: the place's id). */
  'WAITLIST_UNIT_HELD',
  /**
   * A payment that found no unit, whose money the provider did not give back: the admins return it
   * (event_key: the payment's id).
   */
  'UNSOLD_REFUND_ASKED',
  /** An admin marked such money returned: its buyer told (event_key: the refund's id). */
  'UNSOLD_REFUND_SETTLED',
]);

/**
 * What a bot message is: about something its addressee owns or asked for (`service`), or an offer,
 * which is advertising (`offer`: sent only with `users.partner_offers_at`, by the trigger of
 * migration 0026 and the outbox worker). notifications/message-kinds.ts marks each kind.
 */
export const notificationPurpose = pgEnum('notification_purpose', ['service', 'offer']);

/**
 * The outbox of bot messages: written with the event (in its transaction), sent by a worker that
 * leases due rows, retries with backoff and gives up after a few attempts. One row per event and
 * recipient (the unique key), so an event repeated by a retried request is told once.
 */
/**
 * Why a message ended unsent: Telegram refused it for good (blocked, no such chat, a bad request), or
 * it answered nothing but «later» (429, 5xx, silence) for a day. A row ended for want of anything
 * to send (a QR that died first) has none: nobody needs to look at it.
 */
export const notificationUndelivered = pgEnum('notification_undelivered', ['REFUSED', 'UNANSWERED']);

export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: notificationKind('kind').notNull(),
    /** What happened, as the caller names it: a gift id, a coupon id… */
    eventKey: text('event_key').notNull(),
    /** The messenger the message goes through; `chat_id` and `message_id` are its ids. */
    messenger: messenger('messenger').notNull().default('telegram'),
    chatId: messengerChatId('chat_id').notNull(),
    text: text('text').notNull(),
    /** Its buttons, as every messenger has them (domain/messenger.ts); its adapter draws them. */
    buttons: jsonb('buttons').$type<MessageButtons>(),
    purpose: notificationPurpose('purpose').notNull().default('service'),
    attempts: integer('attempts').notNull().default(0),
    /** When a worker may take it next; a worker taking it pushes this forward (its lease). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * A message that may be grouped (not an answer to its addressee's own action): until then it
     * waits for others of its chat to go with it as one message; null goes at once.
     */
    groupUntil: timestamp('group_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    /** Set with `failed_at` when the message was given up, not merely not needed. */
    undelivered: notificationUndelivered('undelivered'),
    /** When an admin sent a given-up message again: its day of trying counts from then. */
    resentAt: timestamp('resent_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    /** The messenger's id of the message once sent (text: MAX's are strings); a QR photo's caption is edited by it. */
    messageId: text('message_id'),
    /** The COUPON_QR photo whose caption this row brings up to date. */
    captionOf: bigint('caption_of', { mode: 'number' }).references((): AnyPgColumn => notifications.id, {
      onDelete: 'cascade',
    }),
  },
  (t) => [
    uniqueIndex('notifications_event_key').on(t.kind, t.eventKey, t.messenger, t.chatId),
    // A chat's messages go out one at a time, oldest first: the worker looks for an older one unsent.
    index('notifications_chat_pending_idx')
      .on(t.chatId, t.id)
      .where(sql`${t.sentAt} IS NULL AND ${t.failedAt} IS NULL`),
    index('notifications_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} IS NULL AND ${t.failedAt} IS NULL`),
    // The admin's list of messages given up, newest first.
    index('notifications_undelivered_idx').on(t.failedAt).where(sql`${t.undelivered} IS NOT NULL`),
  ],
);

/**
 * A bot message mailed because Telegram did not take it in time (modules/email): one row per
 * message, inserted as its claim, so two processes never mail it twice; leased while sending.
 */
export const notificationMails = pgTable('notification_mails', {
  notificationId: bigint('notification_id', { mode: 'number' })
    .primaryKey()
    .references(() => notifications.id, { onDelete: 'cascade' }),
  /** Where it went: the confirmed address at the claim. */
  address: text('address').notNull(),
  attempts: integer('attempts').notNull().default(1),
  /** Until when the claiming process sends it; past it, unsent, another may try again. */
  leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  /** Given up: nothing left to send (a QR that stopped working), the address stopped, or tries ran out. */
  failedAt: timestamp('failed_at', { withTimezone: true }),
  lastError: text('last_error'),
  createdAt: createdAt(),
});

export const refundStatus = pgEnum('refund_status', ['PENDING', 'SUCCEEDED', 'CANCELED']);

/**
 * A refund an admin or the buyer asked for, one live one per purchased coupon (the partial unique key): the row is
 * written before the provider is called, and its id is the provider's idempotence key, so a second
 * press, a retried request or another process finds it and the provider makes the refund once. A
 * payment left without a unit whose provider could not give its money back waits here for the
 * admins too (no coupon, one per payment: `refunds_unsold_key`).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The coupon whose money goes back; null for a payment that came after its hold lapsed and found
     * no unit (purchases/unsold-refund.ts): no coupon was issued, the money is owed all the same.
     */
    purchasedCouponId: uuid('purchased_coupon_id').references(() => purchasedCoupons.id),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    provider: paymentProvider('provider').notNull(),
    providerRefundId: text('provider_refund_id'),
    amount: integer('amount').notNull(),
    status: refundStatus('status').notNull().default('PENDING'),
    /** Made outside the app (the `link` provider): recorded, not sent anywhere. */
    outside: boolean('outside').notNull().default(false),
    /** Asked for by the buyer in My QR, not by an admin; `requested_by` is then the buyer. */
    byBuyer: boolean('by_buyer').notNull().default(false),
    requestedBy: personId('requested_by').references(() => users.id),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refunds_live_key').on(t.purchasedCouponId).where(sql`${t.status} <> 'CANCELED'`),
    uniqueIndex('refunds_unsold_key').on(t.paymentId).where(sql`${t.purchasedCouponId} IS NULL`),
    index('refunds_provider_refund_idx').on(t.providerRefundId),
  ],
);

export const closingReceiptStatus = pgEnum('closing_receipt_status', ['PENDING', 'SENT', 'FAILED']);

/**
 * The «зачет предоплаты» receipt of a coupon sold as a prepayment (RECEIPT_PAYMENT_MODE), sent when
 * the coupon is redeemed: written in the redemption's transaction, one per coupon whatever follows
 * (the key: an undo and a second redemption send nothing more), sent by a worker that leases due
 * rows and retries until YooKassa accepts it. FAILED: YooKassa refused it for good (logged).
 */
export const closingReceipts = pgTable(
  'closing_receipts',
  {
    purchasedCouponId: uuid('purchased_coupon_id')
      .primaryKey()
      .references(() => purchasedCoupons.id),
    status: closingReceiptStatus('status').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    providerReceiptId: text('provider_receipt_id'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('closing_receipts_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'PENDING'`)],
);

/**
 * Every event that touches money or a coupon, appended in the transaction of the change itself.
 * A trigger (migration 0010) refuses UPDATE and DELETE: the log is only ever added to.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    kind: text('kind').notNull(),
    /** The user who acted; null for the system (a provider's notice, a job). */
    actorId: personId('actor_id'),
    /** What it is about, as `<type>:<id>`: `purchase:<uuid>`, `offer:12`, `partner:3`, `payment:<uuid>`. */
    subject: text('subject').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    // The log is read newest first a page at a time (reports.service.ts): (at, id) orders a page.
    index('audit_events_at_id_idx').on(t.at, t.id),
    index('audit_events_subject_idx').on(t.subject, t.at),
  ],
);

/**
 * The server's Ed25519 keys that sign coupon QR texts, kept here so every process signs alike. One
 * is active (retired_at null, a partial unique key); retired ones stay for verifying old coupons.
 */
export const signingKeys = pgTable(
  'signing_keys',
  {
    kid: text('kid').primaryKey(),
    publicKey: bytea('public_key').notNull(),
    /** PKCS#8 DER. */
    privateKey: bytea('private_key').notNull(),
    createdAt: createdAt(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('signing_keys_one_active').on(sql`(true)`).where(sql`${t.retiredAt} IS NULL`)],
);

/**
 * QR tokens replaced by a gift (or a held gift's claim, cancel, return): a partner's device offline
 * must know they are dead. Written by a trigger (migration 0014) whenever a coupon's token changes.
 */
export const retiredQrTokens = pgTable(
  'retired_qr_tokens',
  {
    qrToken: text('qr_token').primaryKey(),
    purchasedCouponId: uuid('purchased_coupon_id')
      .notNull()
      .references(() => purchasedCoupons.id),
    retiredAt: timestamp('retired_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('retired_qr_tokens_coupon_idx').on(t.purchasedCouponId)],
);

export const offlineOutcome = pgEnum('offline_outcome', ['applied', 'conflict', 'refused']);

/** Redemptions a partner's device made with no signal, by the device's nonce: each is answered once. */
export const offlineRedemptions = pgTable('offline_redemptions', {
  nonce: text('nonce').primaryKey(),
  qrToken: text('qr_token').notNull(),
  userId: personId('user_id')
    .notNull()
    .references(() => users.id),
  purchasedCouponId: uuid('purchased_coupon_id').references(() => purchasedCoupons.id),
  redeemedAt: timestamp('redeemed_at', { withTimezone: true }).notNull(),
  outcome: offlineOutcome('outcome').notNull(),
  message: text('message'),
  syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Per-user limits on costly writes (plugins/rate-limit.ts), kept here rather than in a process's
 * memory so that every server process counts against the same limit and a restart forgets nothing.
 * One row per route and caller: a fixed window, restarted by the first hit after it ends.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [index('rate_limit_counters_window_idx').on(t.windowStartedAt)],
);

/**
 * One row per reminder the bot owes: a coupon and a kind (`expiry-3d`, `expiry-1d`, `gift-return:<giftId>`).
 * The sweep inserts it in the transaction that queues the message, so of any number of processes
 * sweeping at once exactly one reminds, once.
 */
export const couponReminders = pgTable(
  'coupon_reminders',
  {
    purchasedCouponId: uuid('purchased_coupon_id')
      .notNull()
      .references(() => purchasedCoupons.id),
    kind: text('kind').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('coupon_reminders_key').on(t.purchasedCouponId, t.kind)],
);

/**
 * How a visit went, as its buyer rated it: one row per redeemed coupon, by its owner, changeable
 * for a while after the visit. The comment is optional; an admin may hide it (audit-logged).
 */
export const visitRatings = pgTable(
  'visit_ratings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    purchasedCouponId: uuid('purchased_coupon_id')
      .notNull()
      .references(() => purchasedCoupons.id),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id),
    userId: personId('user_id')
      .notNull()
      .references(() => users.id),
    stars: smallint('stars').notNull(),
    comment: text('comment'),
    /** The bot's «write a comment» message (force_reply): a reply to it is this rating's comment. */
    commentPromptMessageId: text('comment_prompt_message_id'),
    commentHiddenAt: timestamp('comment_hidden_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('visit_ratings_coupon_key').on(t.purchasedCouponId),
    index('visit_ratings_partner_idx').on(t.partnerId),
    index('visit_ratings_user_idx').on(t.userId),
    check('visit_ratings_stars', sql`${t.stars} BETWEEN 1 AND 5`),
  ],
);

/**
 * The bot's updates taken by long polling (no PUBLIC_URL), written here before their offset is
 * confirmed to Telegram, which then forgets them: a paid invoice the handlers failed on is tried
 * again from here until it is settled (telegram-webhook/update-inbox.ts). `body` is the update as
 * Telegram sent it while it waits; once handled only the id stays, so Telegram's resend of an
 * unconfirmed update (after a restart) is not handled twice, until it is older than Telegram keeps any.
 */
export const telegramUpdates = pgTable(
  'telegram_updates',
  {
    updateId: bigint('update_id', { mode: 'number' }).primaryKey(),
    body: jsonb('body').$type<Record<string, unknown>>(),
    attempts: integer('attempts').notNull().default(0),
    /** When a process may take it next; one taking it pushes this forward (its lease). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    lastError: text('last_error'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('telegram_updates_due_idx').on(t.nextAttemptAt).where(sql`${t.handledAt} IS NULL`),
    index('telegram_updates_handled_idx').on(t.handledAt),
  ],
);
