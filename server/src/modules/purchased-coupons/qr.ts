import { randomBytes } from 'node:crypto';
import { formatCouponQr } from '#contract/coupon-qr';
import { dayIn, formatDay } from '#contract/date-time';

/** 128 random bits, URL-safe: what the QR carries instead of a row number, as short as is safe. */
export const newQrToken = () => randomBytes(16).toString('base64url');

export interface QrFields {
  token: string;
  purchasedAt: Date;
  partner: string;
  region: string;
  discount: number;
  address: string;
  telegramName: string;
  /** The last day it may be used (YYYY-MM-DD), null when it never expires. */
  expiresOn: string | null;
  partnerId: number;
  /** REPORT_TIME_ZONE: the day of purchase is the one the app's screens show. */
  timeZone: string;
}

/** The day of `date` as a Russian buyer reads it, in the product's zone: 15.07.2026. */
export const formatCouponDate = (date: Date, timeZone: string) => formatDay(dayIn(timeZone, date));

/** The text of a new coupon's QR (SPEC §3 «Scanned coupon text»). */
export function couponQrText(fields: QrFields): string {
  return formatCouponQr({
    token: fields.token,
    status: 'NOT_USED',
    date: formatCouponDate(fields.purchasedAt, fields.timeZone),
    partner: fields.partner,
    region: fields.region,
    discount: String(fields.discount),
    address: fields.address,
    telegramName: fields.telegramName,
    exp: fields.expiresOn ?? '',
    pid: String(fields.partnerId),
  });
}
