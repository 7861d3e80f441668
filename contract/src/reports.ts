import { z } from 'zod';
import { ZDay } from './dates.ts';
import { ZDbId } from './ids.ts';
import { ZOfferStock } from './offer-stock.ts';

export const ZExportFormat = z.enum(['json', 'csv']);

/**
 * The longest period a report, an export, the season or the audit log covers: a season and some.
 * A longer one is refused, not cut: what a report counts is always the period it names.
 */
export const MAX_PERIOD_DAYS = 400;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days from `from` to `to`, both included (0 or less when `to` comes first). */
export const daysOfPeriod = (period: { from: string; to: string }): number =>
  Math.round((Date.parse(`${period.to}T00:00:00Z`) - Date.parse(`${period.from}T00:00:00Z`)) / DAY_MS) + 1;

/**
 * The one rule of a period of days, both included, that every report, export, the season and the
 * audit log ask for: its start not after its end, and at most MAX_PERIOD_DAYS long.
 */
export function withPeriodRule<Schema extends z.ZodType<{ from: string; to: string }>>(
  schema: Schema,
): Schema {
  return schema
    .refine((q) => q.from <= q.to, { message: 'Начало периода позже конца', path: ['from'] })
    .refine((q) => q.from > q.to || daysOfPeriod(q) <= MAX_PERIOD_DAYS, {
      message: `Период слишком длинный: выберите не больше ${MAX_PERIOD_DAYS} дней`,
      path: ['to'],
    });
}

/** A period of days, both included: every report's query. */
const ZDays = z.object({ from: ZDay, to: ZDay });

/** A period; `format=csv` answers a file instead of JSON. */
export const ZPeriodQuery = withPeriodRule(ZDays.extend({ format: ZExportFormat.default('json') }));

export const ZRedemptionReportQuery = ZPeriodQuery.and(z.object({ partnerId: ZDbId.optional() }));
export type TRedemptionReportQuery = z.input<typeof ZRedemptionReportQuery>;

export const ZRedemptionRow = z.object({
  redeemedAt: z.string(),
  purchasedCouponId: z.string(),
  companyName: z.string(),
  discount: z.number().int(),
  price: z.number().int(),
  buyer: z.string(),
  redeemedBy: z.string(),
  /** The buyer's rating of the visit (1–5), null when not rated. */
  rating: z.number().int().nullable(),
  /** The buyer's comment; null when none or hidden by an admin. */
  comment: z.string().nullable(),
  /** The rating's id, for an admin hiding its comment; null when not rated. */
  ratingId: z.number().int().nullable(),
  /**
   * Its «зачет предоплаты» receipt (sold as a prepayment): PENDING until YooKassa takes it, SENT,
   * FAILED when YooKassa refused it for good; null when none is owed.
   */
  closingReceipt: z.enum(['PENDING', 'SENT', 'FAILED']).nullable(),
});

/** How the report names a «зачет предоплаты» receipt's state, on the screen and in the CSV alike. */
export const CLOSING_RECEIPT_STATES: Record<NonNullable<TRedemptionRow['closingReceipt']>, string> = {
  PENDING: 'отправляется',
  SENT: 'отправлен',
  FAILED: 'не принят ЮKassa',
};
export type TRedemptionRow = z.infer<typeof ZRedemptionRow>;

/** The newest redemptions a report lists on screen; its totals count all, its export lists all. */
export const REDEMPTION_ROWS_SHOWN = 200;

/** GET /api/reports/redemptions: the newest REDEMPTION_ROWS_SHOWN redemptions, and the totals of all. */
export const ZRedemptionReport = z.object({
  rows: z.array(ZRedemptionRow),
  totals: z.object({ count: z.number().int(), discountSum: z.number().int(), priceSum: z.number().int() }),
});
export type TRedemptionReport = z.infer<typeof ZRedemptionReport>;

const ZCountSum = z.object({ count: z.number().int(), sum: z.number().int() });

/** GET /api/admin/settlement: per partner, counts and sums of prices for the period. */
export const ZSettlementRow = z.object({
  partnerId: z.number().int(),
  companyName: z.string(),
  region: z.string(),
  /** Paid in the period. */
  sold: ZCountSum,
  /** Redeemed in the period. */
  redeemed: ZCountSum,
  /** Refunded or voided in the period. */
  refunded: ZCountSum,
  /** Sold by the period's end and neither used, refunded, voided nor expired by then. */
  open: ZCountSum,
});
export type TSettlementRow = z.infer<typeof ZSettlementRow>;
export const ZSettlementResponse = z.array(ZSettlementRow);

export const AUDIT_KINDS = [
  'payment.started',
  'payment.succeeded',
  'payment.canceled',
  'payment.refunded_sold_out',
  'payment.refunded_outside',
  'coupon.issued',
  'coupon.gifted',
  'coupon.gift_held',
  'coupon.gift_claimed',
  'coupon.gift_canceled',
  'coupon.gift_returned',
  'coupon.redeemed',
  'coupon.undone',
  'coupon.offline_conflict',
  'coupon.expired',
  'coupon.refunded',
  'coupon.voided',
  'refund.requested',
  'offer.requested',
  'offer.accepted',
  'offer.rejected',
  'offer.withdrawn',
  'offer.reopened',
  'offer.changed',
  'partner.added',
  'partner.edited',
  'partner.paused',
  'partner.resumed',
  'staff.changed',
  'rating.comment_hidden',
  'notification.resent',
  'person.linked',
  'person.unlinked',
] as const;
export const ZAuditKind = z.enum(AUDIT_KINDS);
export type TAuditKind = z.infer<typeof ZAuditKind>;

/** Russian names of what the audit log records: the screens and the CSV export name them alike. */
export const AUDIT_KIND_TEXTS: Record<TAuditKind, string> = {
  'payment.started': 'Начата оплата',
  'payment.succeeded': 'Оплата прошла',
  'payment.canceled': 'Оплата отменена',
  'payment.refunded_sold_out': 'Купоны закончились, пока шла оплата: деньги возвращаются',
  'payment.refunded_outside': 'Деньги за оплату без купона возвращены вне приложения',
  'coupon.issued': 'Купон выдан',
  'coupon.gifted': 'Купон подарен',
  'coupon.gift_held': 'Подарок ждет получателя',
  'coupon.gift_claimed': 'Подарок получен',
  'coupon.gift_canceled': 'Подарок отменен',
  'coupon.gift_returned': 'Подарок вернулся дарителю',
  'coupon.redeemed': 'Купон погашен',
  'coupon.undone': 'Погашение отменено',
  'coupon.offline_conflict': 'Погашение без связи не принято',
  'coupon.expired': 'Срок действия истек',
  'coupon.refunded': 'Деньги возвращены',
  'coupon.voided': 'Купон аннулирован',
  'refund.requested': 'Запрошен возврат',
  'offer.requested': 'Заявка на купон',
  'offer.accepted': 'Заявка принята',
  'offer.rejected': 'Заявка отклонена',
  'offer.withdrawn': 'Купон снят с продажи',
  'offer.reopened': 'Купон снова в продаже',
  'offer.changed': 'Купон изменен',
  'partner.added': 'Партнер добавлен',
  'partner.edited': 'Партнер изменен',
  'partner.paused': 'Партнер приостановлен',
  'partner.resumed': 'Партнер возобновлен',
  'staff.changed': 'Сотрудники изменены',
  'rating.comment_hidden': 'Отзыв скрыт',
  'notification.resent': 'Сообщение бота отправлено снова',
  'person.linked': 'Аккаунты в мессенджерах связаны',
  'person.unlinked': 'Аккаунт в мессенджере отвязан',
};

export const ZAuditQuery = ZPeriodQuery.and(z.object({ kind: ZAuditKind.optional() }));
export type TAuditQuery = z.input<typeof ZAuditQuery>;

export const ZAuditEvent = z.object({
  id: z.number().int(),
  at: z.string(),
  kind: ZAuditKind,
  actor: z.string().nullable(),
  subject: z.string(),
  /** What the subject is, in words: the partner, the offer, the purchase's offer and buyer; null once its row is gone. */
  subjectName: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type TAuditEvent = z.infer<typeof ZAuditEvent>;
export const ZAuditResponse = z.array(ZAuditEvent);

/** What an export link names: one report and its query. */
export const ZExportRequest = withPeriodRule(
  z.discriminatedUnion('report', [
    ZDays.extend({ report: z.literal('redemptions'), partnerId: ZDbId.optional() }),
    ZDays.extend({ report: z.literal('settlement') }),
    ZDays.extend({ report: z.literal('audit'), kind: ZAuditKind.optional() }),
  ]),
);
export type TExportRequest = z.input<typeof ZExportRequest>;

/** POST /api/exports/link: a short-lived signed address of the CSV, fetched without headers. */
export const ZExportLinkResponse = z.object({ url: z.string(), fileName: z.string() });
export type TExportLinkResponse = z.infer<typeof ZExportLinkResponse>;

/** The `error` codes of reports and exports. */
export const ReportErrorCode = {
  exportLinkExpired: 'export_link_expired',
  botUnavailable: 'bot_unavailable',
  /** Several of the caller's reports are being made already: one at a time, a few waiting. */
  busy: 'reports_busy',
} as const;

/**
 * One week of a report, Monday to Sunday in REPORT_TIME_ZONE, counting only the period's days (the
 * first and last weeks may be cut). Counts of coupons, sums in whole roubles.
 */
export const ZWeekFigures = z.object({
  /** The week's Monday, `YYYY-MM-DD`. */
  week: z.string(),
  /** Paid in the week. */
  sold: z.number().int(),
  /** Used in the week (an undone use is not one). */
  redeemed: z.number().int(),
  /** Refunded or voided in the week. */
  refunded: z.number().int(),
  /** Came to their expiry in the week unused. */
  expired: z.number().int(),
  /** The prices paid for the coupons sold in the week. */
  takenSum: z.number().int(),
  /** The prices given back in the week. */
  refundedSum: z.number().int(),
  /** The discounts of the coupons used in the week. */
  discountSum: z.number().int(),
});
export type TWeekFigures = z.infer<typeof ZWeekFigures>;

/** The figures a week counts, in the order screens and exports show them. */
export const WEEK_FIGURES = [
  'sold',
  'redeemed',
  'refunded',
  'expired',
  'takenSum',
  'refundedSum',
  'discountSum',
] as const satisfies readonly (keyof TWeekFigures)[];
export type TWeekFigure = (typeof WEEK_FIGURES)[number];

/**
 * One offer's weeks, beside the partner it belongs to: only the weeks with anything in them (the
 * screens and exports draw the others as zeros, weeks.ts `everyWeekOf`), so an offer costs what it did.
 * A limited offer on sale is listed with its stock even when its weeks are empty.
 */
export const ZWeeklyOffer = z.object({
  couponId: z.number().int(),
  partnerId: z.number().int(),
  companyName: z.string(),
  discount: z.number().int(),
  price: z.number().int(),
  weeks: z.array(ZWeekFigures),
  /** A limited offer's units now, whatever the period (null: unlimited). */
  stock: ZOfferStock.nullable(),
});
export type TWeeklyOffer = z.infer<typeof ZWeeklyOffer>;

/**
 * GET /api/reports/weekly: every week of the period for all offers together, and each offer's weeks
 * that had any (and each limited offer on sale, with none).
 */
export const ZWeeklyReport = z.object({
  weeks: z.array(ZWeekFigures),
  offers: z.array(ZWeeklyOffer),
});
export type TWeeklyReport = z.infer<typeof ZWeeklyReport>;

export const ZWeeklyQuery = withPeriodRule(ZDays.extend({ partnerId: ZDbId.optional() }));
export type TWeeklyQuery = z.input<typeof ZWeeklyQuery>;

/** A partner in the season's ranking: coupons used in the period, and the rating its buyers gave. */
export const ZSeasonPartner = z.object({
  partnerId: z.number().int(),
  companyName: z.string(),
  region: z.string(),
  redeemed: z.number().int(),
  /** All visits' rating so far (as the catalogue shows it); null below the fewest shown. */
  rating: z.object({ average: z.number(), count: z.number().int() }).nullable(),
});
export type TSeasonPartner = z.infer<typeof ZSeasonPartner>;

/** GET /api/admin/season: the period's totals and weeks, partners ranked, and who came how far. */
export const ZSeasonResponse = z.object({
  totals: ZWeekFigures.omit({ week: true }),
  weeks: z.array(ZWeekFigures),
  partners: z.array(ZSeasonPartner),
  funnel: z.object({
    /** People who opened the app in the period. */
    opened: z.number().int(),
    /** People who paid for a coupon in the period. */
    bought: z.number().int(),
    /** People whose coupon was used in the period. */
    redeemed: z.number().int(),
  }),
});
export type TSeasonResponse = z.infer<typeof ZSeasonResponse>;
export const ZSeasonQuery = withPeriodRule(ZDays);
export type TSeasonQuery = z.input<typeof ZSeasonQuery>;
