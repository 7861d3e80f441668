import { randomBytes } from 'node:crypto';
import { formatCouponQr } from '#contract/coupon-qr';
import { dayIn, formatDay } from '#contract/date-time';

/** 128 random bits, URL-safe: what the QR carries instead of a row number, as short as is safe. */
export const newQrToken = () => randomBytes(16).toString('base64url');

export interface QrFields {
  token: string;
  purchasedAt: Date;
  discount: number;
  telegramName: string;
  /** The last day it may be used (YYYY-MM-DD), null when it never expires. */
  expiresOn: string | null;
  partnerId: number;
  /** REPORT_TIME_ZONE: the day of purchase is the one the app's screens show. */
  timeZone: string;
}

/** The day of `date` as a Russian buyer reads it, in the product's zone: 15.07.2026. */
export const formatCouponDate = (date: Date, timeZone: string) => formatDay(dayIn(timeZone, date));

/** A first name (up to 64 letters, two bytes each in Cyrillic) printed in the QR is cut to this many. */
const PRINTED_NAME_LETTERS = 24;

const printedName = (name: string) =>
  [...name].length > PRINTED_NAME_LETTERS
    ? `${[...name].slice(0, PRINTED_NAME_LETTERS - 1).join('')}…`
    : name;

/**
 * The text of a new coupon's QR (SPEC §3 «Scanned coupon text»). The company, its region and its
 * address keep their keys with empty values: `pid` names the company, and the partner's screen shows
 * them from the server or, with no signal, from the offline kit. They took up to a third of the text,
 * and a long name made the QR two versions denser (docs/performance.md); without them every coupon
 * is version 12 or 13 at medium error correction, whatever its company is called.
 */
export function couponQrText(fields: QrFields): string {
  return formatCouponQr({
    token: fields.token,
    status: 'NOT_USED',
    date: formatCouponDate(fields.purchasedAt, fields.timeZone),
    partner: '',
    region: '',
    discount: String(fields.discount),
    address: '',
    telegramName: printedName(fields.telegramName),
    exp: fields.expiresOn ?? '',
    pid: String(fields.partnerId),
  });
}
