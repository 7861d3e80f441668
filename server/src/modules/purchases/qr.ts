import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';

/** ≥128 random bits (here 192), URL-safe: what the QR carries instead of a row number. */
export const newQrToken = () => randomBytes(24).toString('base64url');

export interface QrFields {
  token: string;
  purchasedAt: Date;
  partner: string;
  region: string;
  discount: number;
  address: string;
  telegramName: string;
}

// Values are single-quoted; a quote inside one would end it early, so it becomes a typographic one.
const quoted = (value: string) => `'${value.replaceAll("'", '’')}'`;

/** Dates as a Russian buyer reads them, in the time zone of Moscow: 15.07.2026. */
export const formatCouponDate = (date: Date) =>
  new Intl.DateTimeFormat('ru-RU', {
    timeZone: 'Europe/Moscow',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(date);

/** SPEC §3 «Scanned coupon text»: key='value' pairs separated by commas. */
export function couponQrText(fields: QrFields): string {
  return [
    ['purchased_coupon_id', fields.token],
    ['status', 'NOT_USED'],
    ['date', formatCouponDate(fields.purchasedAt)],
    ['partner', fields.partner],
    ['region', fields.region],
    ['discount', String(fields.discount)],
    ['address', fields.address],
    ['telegramName', fields.telegramName],
  ]
    .map(([key, value]) => `${key}=${quoted(value as string)}`)
    .join(',');
}

/** The QR image as PNG: medium error correction survives a scratched phone screen, 512 px is sharp. */
export function renderQrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 512 });
}
