import { z } from 'zod';
import { formatDay } from './date-time.ts';

/**
 * The edition of the privacy policy a consent is given to; a new text gets a new edition: its day
 * (`YYYY-MM-DD`), with `.N` for the N-th edition of a day that had one already.
 */
export const PRIVACY_POLICY_EDITION = '2026-11-26.2';

/** An edition as a person reads it: «26.11.2026», or «26.11.2026, 2-я» for a day's second. */
export function editionName(edition: string): string {
  const [day = '', number] = edition.split('.');
  return number ? `${formatDay(day)}, ${number}-я` : formatDay(day);
}

/** An e-mail for the fiscal receipt (54-ФЗ), as the buy screen asks for it. */
export const ZReceiptEmail = z
  .string({ message: 'Укажите e-mail для чека' })
  .trim()
  .min(1, 'Укажите e-mail для чека')
  .max(254, 'Слишком длинный e-mail')
  .pipe(z.email('Неправильный формат e-mail'));

/** POST /api/payments/{couponId}: the e-mail for the receipt, remembered for the next purchases. */
export const ZStartPaymentRequest = z.object({ email: ZReceiptEmail.optional() }).nullish();
export type TStartPaymentRequest = z.input<typeof ZStartPaymentRequest>;

/** GET /api/privacy: what the policy page prints about the operator (OPERATOR_*) and the terms. */
export const ZPrivacyInfo = z.object({
  edition: z.string(),
  operator: z.object({
    name: z.string(),
    inn: z.string(),
    ogrn: z.string(),
    address: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
  }),
  geoRetentionDays: z.number().int(),
});
export type TPrivacyInfo = z.infer<typeof ZPrivacyInfo>;

/** GET /api/me/data: everything the product holds about the caller. */
export const ZMyData = z.object({
  user: z.object({
    id: z.number().int(),
    username: z.string().nullable(),
    firstName: z.string(),
    lastName: z.string().nullable(),
    email: z.string().nullable(),
    consent: z.object({ at: z.string(), edition: z.string() }).nullable(),
    isChatMember: z.boolean(),
    /** Whether the bot sends each new QR of theirs as a photo in its chat. */
    qrPhotosInChat: z.boolean(),
    /** When they agreed to partners' offers by the bot (a consent of its own); null: they have not. */
    partnerOffersSince: z.string().nullable(),
    createdAt: z.string(),
    lastSeenAt: z.string(),
    /** Whether the bot reminds of coupons about to expire and of gifts coming back. */
    couponReminders: z.boolean(),
    /** Whether they came to the app through a member's invitation link (whose is the member's own data). */
    cameThroughInvite: z.boolean(),
    /** Their own invitation code (the end of their link), once they asked for their link. */
    inviteCode: z.string().nullable(),
  }),
  payments: z.array(
    z.object({
      id: z.string(),
      companyName: z.string(),
      amount: z.number().int(),
      provider: z.string(),
      status: z.string(),
      createdAt: z.string(),
    }),
  ),
  coupons: z.array(
    z.object({
      id: z.string(),
      companyName: z.string(),
      discount: z.number().int(),
      status: z.string(),
      purchasedAt: z.string(),
      redeemedAt: z.string().nullable(),
    }),
  ),
  gifts: z.array(
    z.object({ at: z.string(), purchasedCouponId: z.string(), direction: z.enum(['sent', 'received']) }),
  ),
  redeemAttempts: z.array(z.object({ at: z.string(), result: z.string() })),
  geoPoints: z.array(
    z.object({ ts: z.string(), lat: z.number(), lon: z.number(), accuracy: z.number(), type: z.string() }),
  ),
  visitRatings: z.array(
    z.object({
      at: z.string(),
      companyName: z.string(),
      stars: z.number().int(),
      comment: z.string().nullable(),
    }),
  ),
  /** The days (`YYYY-MM-DD`, newest first) the person opened the app: the season counts people by them. */
  appOpenDays: z.array(z.string()),
  /**
   * Their places in the lines of sold-out offers: waiting (`position`, 1 for the first), or a unit
   * held for them until `heldUntil`.
   */
  waitlistPlaces: z.array(
    z.object({
      companyName: z.string(),
      discount: z.number().int(),
      position: z.number().int().nullable(),
      joinedAt: z.string(),
      heldUntil: z.string().nullable(),
    }),
  ),
  /** Units of limited offers held for their payments under way, each until its time. */
  offerHolds: z.array(
    z.object({
      paymentId: z.string(),
      companyName: z.string(),
      discount: z.number().int(),
      heldAt: z.string(),
      heldUntil: z.string(),
    }),
  ),
});
export type TMyData = z.infer<typeof ZMyData>;

/** PUT /api/me/coupon-reminders: the bot's reminders on or off. */
export const ZCouponRemindersSetting = z.object({ on: z.boolean() });
export type TCouponRemindersSetting = z.infer<typeof ZCouponRemindersSetting>;

/** PUT /api/me/qr-photos: whether the bot sends each new QR of the caller's as a photo in its chat. */
export const ZQrPhotosSetting = z.object({ enabled: z.boolean() });
export type TQrPhotosSetting = z.infer<typeof ZQrPhotosSetting>;

/** PUT /api/me/partner-offers: whether the bot may send partners' offers (advertising); off until asked. */
export const ZPartnerOffersSetting = z.object({ enabled: z.boolean() });
export type TPartnerOffersSetting = z.infer<typeof ZPartnerOffersSetting>;

/** DELETE /api/me: with unused coupons, the caller confirms they are given up. */
export const ZEraseRequest = z.object({ giveUpCoupons: z.boolean().default(false) }).nullish();
export type TEraseRequest = z.input<typeof ZEraseRequest>;

/** The `error` codes of receipts, consent and erasure. */
export const PrivacyErrorCode = {
  emailRequired: 'email_required',
  consentRequired: 'consent_required',
  unusedCoupons: 'unused_coupons',
} as const;
