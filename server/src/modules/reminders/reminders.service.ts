import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { InlineKeyboardButton } from 'grammy/types';
import { formatDay } from '#contract/date-time';
import { HELD_GIFT_DAYS } from '#contract/gifts';
import { couponStartParam } from '#contract/start-params';
import type { Db } from '../../db/client.ts';
import { couponReminders, coupons, gifts, partners, purchasedCoupons, users } from '../../db/schema.ts';
import type { NotificationService } from '../notifications/notifications.service.ts';
import { notificationTexts, reminderButtons } from '../notifications/texts.ts';
import { lastValidDay } from '../purchased-coupons/expiry.ts';
import { couponLineColumns } from '../purchased-coupons/purchased-coupons.query.ts';
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

/** A reminder owed: its claim (one per coupon and kind) and the message it sends. */
type Reminder = {
  claim: { purchasedCouponId: string; kind: string };
  message: Parameters<NotificationService['remind']>[0];
};

/**
 * The bot's reminders, swept beside the other background sweeps: an unused coupon before its last
 * day, a held gift before it comes back to its giver. Each is sent once per coupon and kind however
 * many processes sweep: the claim (a row of coupon_reminders, unique per coupon and kind) and the
 * outbox row are written in one transaction, and a process losing the race inserts nothing.
 */
export function createReminderService(options: {
  db: Db;
  notifications: Pick<NotificationService, 'remind'>;
  timeZone: string;
  /** REMINDER_DAYS_BEFORE, largest first. */
  daysBefore: readonly number[];
  /** The bot's username, for the t.me link that opens My QR on the coupon (the stand-in's bot has one too). */
  botUsername: () => Promise<string>;
  log: Logger;
  batchSize?: number;
}) {
  const { db, notifications, timeZone, daysBefore, botUsername, log } = options;
  const batchSize = options.batchSize ?? BATCH;
  const turnOff: InlineKeyboardButton = {
    text: reminderButtons.turnOff,
    callback_data: REMINDERS_OFF_CALLBACK,
  };

  async function openQrButton(purchasedCouponId: string): Promise<InlineKeyboardButton[]> {
    const bot = await botUsername();
    return [
      {
        text: reminderButtons.openQr,
        url: `https://t.me/${bot}?startapp=${couponStartParam(purchasedCouponId)}`,
      },
    ];
  }

  /** Claims the reminder and queues its message in one transaction; false when another process had it. */
  async function claimAndQueue({ claim, message }: Reminder): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(couponReminders)
        .values(claim)
        .onConflictDoNothing()
        .returning({ kind: couponReminders.kind });
      if (!claimed) return false;
      // Not queued: the claim goes back with the transaction, and the next sweep tries again.
      if (!(await notifications.remind(message, tx))) throw new Error('reminder not queued');
      return true;
    });
  }

  /** The reminders of `rows` claimed and queued one by one: how many this process queued. */
  async function queueEach<Row>(rows: Row[], reminderOf: (row: Row) => Promise<Reminder | undefined>) {
    let queued = 0;
    for (const row of rows) {
      const reminder = await reminderOf(row);
      if (reminder && (await claimAndQueue(reminder))) queued += 1;
    }
    return queued;
  }

  async function remindOfExpiringCoupons(now: Date): Promise<number> {
    if (daysBefore.length === 0) return 0;
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
          eq(purchasedCoupons.status, 'NOT_USED'),
          isNull(purchasedCoupons.refundRequestedAt),
          gt(purchasedCoupons.expiresAt, now),
          lte(purchasedCoupons.expiresAt, at((Math.max(...daysBefore) + 1) * DAY_MS)),
          eq(users.couponRemindersOff, false),
          // Those reminded already are left out here, so a batch is never filled with them.
          sql`NOT EXISTS (SELECT 1 FROM ${couponReminders} WHERE ${couponReminders.purchasedCouponId} = ${purchasedCoupons.id} AND ${couponReminders.kind} = ${dueKind})`,
        ),
      )
      .limit(batchSize);
    return queueEach(rows, async ({ id, ownerId, expiresAt, coupon }) => {
      if (!expiresAt) return undefined;
      const days = dueExpiryReminder(expiresAt.getTime() - now.getTime(), daysBefore);
      if (days === undefined) return undefined;
      const kind = expiryReminderKind(days);
      const lastDay = formatDay(lastValidDay(expiresAt, timeZone) as string);
      return {
        claim: { purchasedCouponId: id, kind },
        message: {
          kind: 'COUPON_EXPIRING',
          eventKey: `${id}:${kind}`,
          chatId: ownerId,
          text: notificationTexts.couponExpiring({ coupon, lastDay }),
          keyboard: { inline_keyboard: [[...(await openQrButton(id)), turnOff]] },
        },
      };
    });
  }

  async function remindOfReturningGifts(now: Date): Promise<number> {
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
    return queueEach(rows, async ({ giftId, purchasedCouponId, giverId, toUsername, coupon }) => ({
      claim: { purchasedCouponId, kind: giftReturnReminderKind(giftId) },
      message: {
        kind: 'GIFT_RETURNING',
        eventKey: String(giftId),
        chatId: giverId,
        text: notificationTexts.giftReturning({ toUsername: toUsername ?? '', coupon }),
        keyboard: { inline_keyboard: [[turnOff]] },
      },
    }));
  }

  /**
   * One sweep: the reminders due at `now` (the clock by default; a test passes its own), none outside
   * the reminder hours. A reminder that fails is logged and tried again by the next sweep.
   */
  async function sendDueReminders(now = new Date()): Promise<number> {
    if (!withinReminderHours(now, timeZone)) return 0;
    let queued = 0;
    for (const sweep of [remindOfExpiringCoupons, remindOfReturningGifts]) {
      queued += await sweep(now).catch((err: unknown) => {
        log.error({ err }, 'reminders not sent this time');
        return 0;
      });
    }
    if (queued > 0) log.info({ queued }, 'reminders queued');
    return queued;
  }

  /** The person's «Не напоминать», from the message or from «Мои данные». */
  async function setRemindersOn(userId: number, on: boolean): Promise<void> {
    await db.update(users).set({ couponRemindersOff: !on }).where(eq(users.id, userId));
  }

  return { sendDueReminders, setRemindersOn };
}

export type ReminderService = ReturnType<typeof createReminderService>;
