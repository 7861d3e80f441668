import { randomBytes } from 'node:crypto';
import { formatCouponQr } from '#contract/coupon-qr';

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
}

/** Dates as a Russian buyer reads them, in the time zone of Moscow: 15.07.2026. */
export const formatCouponDate = (date: Date) =>
  new Intl.DateTimeFormat('ru-RU', {
    timeZone: 'Europe/Moscow',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(date);

/** The text of a new coupon's QR (SPEC §3 «Scanned coupon text»). */
export function couponQrText(fields: QrFields): string {
  return formatCouponQr({
    token: fields.token,
    status: 'NOT_USED',
    date: formatCouponDate(fields.purchasedAt),
    partner: fields.partner,
    region: fields.region,
    discount: String(fields.discount),
    address: fields.address,
    telegramName: fields.telegramName,
    exp: fields.expiresOn ?? '',
    pid: String(fields.partnerId),
  });
}
