import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { PARTNER_TYPES } from '#contract/partners';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

const telegramId = (name: string) => bigint(name, { mode: 'number' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const partnerType = pgEnum('partner_type', PARTNER_TYPES);
export const couponStatus = pgEnum('coupon_status', ['PENDING', 'ACCEPTED', 'REJECTED']);
export const paymentStatus = pgEnum('payment_status', ['PENDING', 'SUCCEEDED', 'CANCELED']);
export const paymentProvider = pgEnum('payment_provider', ['sandbox', 'link', 'yookassa']);
/** REFUNDED: the money went back before the coupon was used; the coupon is void, kept for the record. */
export const purchasedCouponStatus = pgEnum('purchased_coupon_status', ['NOT_USED', 'USED', 'REFUNDED']);
export const redemptionResult = pgEnum('redemption_result', [
  'REDEEMED',
  'ALREADY_USED',
  'UNKNOWN_TOKEN',
  'OTHER_COMPANY',
  'OWNER_NOT_MEMBER',
  'UNDONE',
  'NOT_ALLOWED',
]);
export const geoPointType = pgEnum('geo_point_type', ['START', 'PART', 'END']);

/** A Telegram user, keyed by the Telegram id; the username is an attribute that may change. */
export const users = pgTable(
  'users',
  {
    id: telegramId('id').primaryKey(),
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
    /**
     * Counts the changes of what this user's My QR shows; a trigger on purchased_coupons (migration
     * 0011) raises it in the transaction of the change, so a poll learns «nothing new» from this row.
     */
    couponsVersion: bigint('coupons_version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [uniqueIndex('users_username_key').on(sql`lower(${t.username})`)],
);

/** A username from ADMIN_USERNAMES bound to the first Telegram id seen with it. */
export const adminBindings = pgTable('admin_bindings', {
  username: text('username').primaryKey(),
  userId: telegramId('user_id')
    .notNull()
    .references(() => users.id),
  boundAt: timestamp('bound_at', { withTimezone: true }).notNull().defaultNow(),
});

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
    /** Bound when the spokesman is first seen, so a later holder of the username is not the partner. */
    spokesmanUserId: telegramId('spokesman_user_id').references(() => users.id),
    discountConditions: jsonb('discount_conditions').$type<string[]>().notNull().default([]),
    createdBy: telegramId('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('partners_region_company_key').on(sql`lower(${t.region})`, sql`lower(${t.companyName})`),
    index('partners_spokesman_username_idx').on(sql`lower(${t.spokesmanUsername})`),
    check('partners_phone_digits', sql`${t.phone} ~ '^7[0-9]{10}$'`),
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
    requestedBy: telegramId('requested_by').references(() => users.id),
    decidedBy: telegramId('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('coupons_partner_status_idx').on(t.partnerId, t.status),
    check('coupons_amounts', sql`${t.price} > 0 AND ${t.discount} > 0 AND ${t.discount} < ${t.price}`),
  ],
);

/** One attempt of one user to buy one coupon. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id),
    userId: telegramId('user_id')
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
  },
  (t) => [
    uniqueIndex('payments_provider_payment_key').on(t.provider, t.providerPaymentId),
    index('payments_user_idx').on(t.userId),
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
    ownerId: telegramId('owner_id')
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
    redeemedBy: telegramId('redeemed_by').references(() => users.id),
    /**
     * When its payment was given back. A coupon refunded unused is REFUNDED at once; one refunded
     * after use stays USED, and this keeps undoing that use from making it valid again.
     */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('purchased_coupons_payment_key').on(t.paymentId),
    uniqueIndex('purchased_coupons_qr_token_key').on(t.qrToken),
    index('purchased_coupons_owner_idx').on(t.ownerId, t.purchasedAt),
  ],
);

export const gifts = pgTable(
  'gifts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    purchasedCouponId: uuid('purchased_coupon_id')
      .notNull()
      .references(() => purchasedCoupons.id),
    fromUserId: telegramId('from_user_id')
      .notNull()
      .references(() => users.id),
    toUserId: telegramId('to_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('gifts_purchased_coupon_idx').on(t.purchasedCouponId)],
);

/** Every redeem attempt (and undo), whoever made it and whatever came of it. */
export const redemptions = pgTable(
  'redemptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    purchasedCouponId: uuid('purchased_coupon_id').references(() => purchasedCoupons.id),
    qrToken: text('qr_token').notNull(),
    userId: telegramId('user_id')
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
    userId: telegramId('user_id')
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
]);

/**
 * The outbox of bot messages: written with the event (in its transaction), sent by a worker that
 * leases due rows, retries with backoff and gives up after a few attempts. One row per event and
 * recipient (the unique key), so an event repeated by a retried request is told once.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: notificationKind('kind').notNull(),
    /** What happened, as the caller names it: a gift id, a coupon id… */
    eventKey: text('event_key').notNull(),
    chatId: telegramId('chat_id').notNull(),
    text: text('text').notNull(),
    replyMarkup: jsonb('reply_markup').$type<Record<string, unknown>>(),
    attempts: integer('attempts').notNull().default(0),
    /** When a worker may take it next; a worker taking it pushes this forward (its lease). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notifications_event_key').on(t.kind, t.eventKey, t.chatId),
    index('notifications_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} IS NULL AND ${t.failedAt} IS NULL`),
  ],
);

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
