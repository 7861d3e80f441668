import { createHash } from 'node:crypto';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { formatDay } from '#contract/date-time';
import { HELD_GIFT_DAYS } from '#contract/gifts';
import { couponStartParam, MY_COUPONS_START_PARAM } from '#contract/start-params';
import type { Db } from '../../db/client.ts';
import { couponReminders, coupons, gifts, partners, purchasedCoupons, users } from '../../db/schema.ts';
import type { MessageButton } from '../../domain/messenger.ts';
import type { NotificationInput } from '../notifications/message-kinds.ts';
import type { NotificationService } from '../notifications/notifications.service.ts';
import { notificationTexts, reminderButtons } from '../notifications/texts.ts';
import { lastValidDay } from '../purchased-coupons/expiry.ts';
import { type CouponLine, couponLineColumns } from '../purchased-coupons/purchased-coupons.query.ts';
import { visibleStateAt } from '../purchased-coupons/visible-state.ts';
import { withinReminderHours } from './reminder-hours.ts';

const DAY_MS = 24 * 3600_000;
/** Rows looked at per sweep and kind by default; the next sweep (minutes later) takes the rest. */
const BATCH = 200;

/** The callback data of «Не напоминать» (telegram/bot.ts answers it). */
export const REMINDERS_OFF_CALLBACK = 'reminders:off';

export const expiryReminderKind = (daysBefore: number) => `expiry-${daysBefore}d`;
export const giftReturnReminderKind = (giftId: number) => `gift-return:${giftId}`;

/**
 * Which reminder a coupon is owed `msLeft` before its expiry: the nearest of `daysBefore` whose day
 * has begun (a d-day reminder is due from the start of the day d days before the last day). A
 * coupon bought two days before its end gets the 1-day reminder only, not a late 3-day one. Days
 * are counted as 24 hours back from the expiry (a midnight): in a zone with summer time a reminder
 * near the change may come an hour early or late, still within the reminder hours' check.
 */
export function dueExpiryReminder(msLeft: number, daysBefore: readonly number[]): number | undefined {
  const due = daysBefore.filter((days) => msLeft <= (days + 1) * DAY_MS);
  return due.length === 0 ? undefined : Math.min(...due);
}

type Logger = Pick<FastifyBaseLogger, 'error' | 'info'>;

/** A reminder owed: whom it goes to, its claim (one per coupon and kind), and what it says. */
type Owed = {
  userId: number;
  claim: { purchasedCouponId: string; kind: string };
} & (
  | { expiring: { coupon: CouponLine; lastDay: string } }
  | { returning: { toUsername: string; coupon: CouponLine } }
);

/**
 * The bot's reminders, swept beside the other background sweeps: an unused coupon before its last
 * day, a held gift before it comes back to its giver. A person gets one message per sweep naming
 * every coupon and gift due, not one per coupon. Each is named once per coupon and kind however
 * many processes sweep: the claims (rows of coupon_reminders, unique per coupon and kind) and the
 * outbox row are written in one transaction, and the message names only the claims this process
 * won; a process that won none queues nothing.
 */
export function createReminderService(options: {
  db: Db;
  notifications: NotificationService;
  timeZone: string;
  /** REMINDER_DAYS_BEFORE, largest first. */
  daysBefore: readonly number[];
  log: Logger;
  batchSize?: number;
  /**
   * Reminders at any hour: the local stand-in's chat is a page in a browser, which wakes nobody, and
   * a newcomer trying it at night still sees one.
   */
  anyHour?: boolean;
}) {
  const { db, notifications, timeZone, daysBefore, log } = options;
  const batchSize = options.batchSize ?? BATCH;
  const turnOff: MessageButton = { text: reminderButtons.turnOff, callback: REMINDERS_OFF_CALLBACK };

  /** The message naming `won`: a reminder alone keeps its own words and buttons. */
  function messageOf(
    userId: number,
    won: Owed[],
  ): { kind: 'COUPON_EXPIRING' | 'GIFT_RETURNING'; message: NotificationInput['COUPON_EXPIRING'] } {
    const expiring = won.flatMap((owed) => ('expiring' in owed ? [owed.expiring] : []));
    const returning = won.flatMap((owed) => ('returning' in owed ? [owed.returning] : []));
    const [only] = won;
    const eventKey =
      won.length === 1 && only
        ? `${only.claim.purchasedCouponId}:${only.claim.kind}`
        : `digest:${createHash('sha256')
            .update(won.map(({ claim }) => `${claim.purchasedCouponId}:${claim.kind}`).join(','))
            .digest('hex')
            .slice(0, 32)}`;
    const [first] = expiring;
    const text =
      won.length === 1
        ? first
          ? notificationTexts.couponExpiring(first)
          : notificationTexts.giftReturning(returning[0] as (typeof returning)[number])
        : notificationTexts.remindersDigest({ expiring, returning });
    const openQr: MessageButton[] =
      expiring.length === 0
        ? []
        : expiring.length === 1 && only
          ? [
              {
                text: reminderButtons.openQr,
                startParam: couponStartParam(only.claim.purchasedCouponId),
              },
            ]
          : [{ text: reminderButtons.myCoupons, startParam: MY_COUPONS_START_PARAM }];
    return {
      kind: expiring.length > 0 ? 'COUPON_EXPIRING' : 'GIFT_RETURNING',
      message: { eventKey, userId, text, buttons: [[...openQr, turnOff]] },
    };
  }

  /**
   * Claims a person's reminders and queues one message naming those this process won, in one
   * transaction: how many it won (0 when another process had them all).
   */
  async function claimAndQueue(userId: number, owed: Owed[]): Promise<number> {
    return db.transaction(async (tx) => {
      const won: Owed[] = [];
      // One order in every process: two claiming the same person's reminders wait, never deadlock.
      const inOrder = [...owed].sort((a, b) =>
        `${a.claim.purchasedCouponId}:${a.claim.kind}`.localeCompare(
          `${b.claim.purchasedCouponId}:${b.claim.kind}`,
        ),
      );
      for (const reminder of inOrder) {
        const [claimed] = await tx
          .insert(couponReminders)
          .values(reminder.claim)
          .onConflictDoNothing()
          .returning({ kind: couponReminders.kind });
        if (claimed) won.push(reminder);
      }
      if (won.length === 0) return 0;
      // Not queued: the claims go back with the transaction, and the next sweep tries again.
      const { kind, message } = messageOf(userId, won);
      if (!(await notifications.notify(kind, message, tx))) throw new Error('reminder not queued');
      return won.length;
    });
  }

  async function expiringCoupons(now: Date): Promise<Owed[]> {
    if (daysBefore.length === 0) return [];
    const at = (ms: number) => sql`${new Date(now.getTime() + ms).toISOString()}::timestamptz`;
    // The kind each coupon is owed now (dueExpiryReminder, in SQL): the nearest day first.
    const dueKind = sql`CASE ${sql.join(
      [...daysBefore]
        .sort((a, b) => a - b)
        .map(
          (days) =>
            sql`WHEN ${purchasedCoupons.expiresAt} <= ${at((days + 1) * DAY_MS)} THEN ${expiryReminderKind(days)}`,
        ),
      sql` `,
    )} END`;
    const rows = await db
      .select({
        id: purchasedCoupons.id,
        ownerId: purchasedCoupons.ownerId,
        expiresAt: purchasedCoupons.expiresAt,
        coupon: couponLineColumns,
      })
      .from(purchasedCoupons)
      .innerJoin(coupons, eq(coupons.id, purchasedCoupons.couponId))
      .innerJoin(partners, eq(partners.id, coupons.partnerId))
      .innerJoin(users, eq(users.id, purchasedCoupons.ownerId))
      .where(
        and(
          // Only one its owner can still use is worth a reminder (visible-state.ts).
          sql`${visibleStateAt(now)} = 'NOT_USED'`,
          lte(purchasedCoupons.expiresAt, at((Math.max(...daysBefore) + 1) * DAY_MS)),
          eq(users.couponRemindersOff, false),
          // Those reminded already are left out here, so a batch is never filled with them.
          sql`NOT EXISTS (SELECT 1 FROM ${couponReminders} WHERE ${couponReminders.purchasedCouponId} = ${purchasedCoupons.id} AND ${couponReminders.kind} = ${dueKind})`,
        ),
      )
      .limit(batchSize);
    return rows.flatMap(({ id, ownerId, expiresAt, coupon }) => {
      if (!expiresAt) return [];
      const days = dueExpiryReminder(expiresAt.getTime() - now.getTime(), daysBefore);
      if (days === undefined) return [];
      const lastDay = formatDay(lastValidDay(expiresAt, timeZone) as string);
      return [
        {
          userId: ownerId,
          claim: { purchasedCouponId: id, kind: expiryReminderKind(days) },
          expiring: { coupon, lastDay },
        },
      ];
    });
  }

  async function returningGifts(now: Date): Promise<Owed[]> {
    const heldSince = sql`${now.toISOString()}::timestamptz - make_interval(days => ${HELD_GIFT_DAYS - 1})`;
    const rows = await db
      .select({
        giftId: gifts.id,
        purchasedCouponId: gifts.purchasedCouponId,
        giverId: gifts.fromUserId,
        toUsername: gifts.toUsername,
        coupon: couponLineColumns,
      })
      .from(gifts)
      .innerJoin(purchasedCoupons, eq(purchasedCoupons.id, gifts.purchasedCouponId))
      .innerJoin(coupons, eq(coupons.id, purchasedCoupons.couponId))
      .innerJoin(partners, eq(partners.id, coupons.partnerId))
      .innerJoin(users, eq(users.id, gifts.fromUserId))
      .where(
        and(
          eq(gifts.status, 'HELD'),
          lte(gifts.createdAt, heldSince),
          eq(users.couponRemindersOff, false),
          sql`NOT EXISTS (SELECT 1 FROM ${couponReminders} WHERE ${couponReminders.purchasedCouponId} = ${gifts.purchasedCouponId} AND ${couponReminders.kind} = 'gift-return:' || ${gifts.id})`,
        ),
      )
      .limit(batchSize);
    return rows.map(({ giftId, purchasedCouponId, giverId, toUsername, coupon }) => ({
      userId: giverId,
      claim: { purchasedCouponId, kind: giftReturnReminderKind(giftId) },
      returning: { toUsername: toUsername ?? '', coupon },
    }));
  }

  /**
   * One sweep: the reminders due at `now` (the clock by default; a test passes its own), none outside
   * the reminder hours, one message per person; how many coupons and gifts it reminded of. A
   * reminder that fails is logged and tried again by the next sweep.
   */
  async function sendDueReminders(now = new Date()): Promise<number> {
    if (!options.anyHour && !withinReminderHours(now, timeZone)) return 0;
    const owed: Owed[] = [];
    for (const sweep of [expiringCoupons, returningGifts]) {
      owed.push(
        ...(await sweep(now).catch((err: unknown) => {
          log.error({ err }, 'reminders not sent this time');
          return [];
        })),
      );
    }
    const byPerson = new Map<number, Owed[]>();
    for (const reminder of owed)
      byPerson.set(reminder.userId, [...(byPerson.get(reminder.userId) ?? []), reminder]);
    let queued = 0;
    for (const [userId, theirs] of byPerson) {
      queued += await claimAndQueue(userId, theirs).catch((err: unknown) => {
        log.error({ err, userId }, 'reminders not sent this time');
        return 0;
      });
    }
    if (queued > 0) log.info({ queued, people: byPerson.size }, 'reminders queued');
    return queued;
  }

  /** The person's «Не напоминать», from the message or from «Мои данные». */
  async function setRemindersOn(userId: number, on: boolean): Promise<void> {
    await db.update(users).set({ couponRemindersOff: !on }).where(eq(users.id, userId));
  }

  return { sendDueReminders, setRemindersOn };
}

export type ReminderService = ReturnType<typeof createReminderService>;
