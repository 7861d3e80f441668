/** The key whose value names the coupon on the server; never shown (SPEC §3 Scanned coupon text). */
export const COUPON_TOKEN_KEY = 'purchased_coupon_id';

/** What the server prints into a coupon's QR besides the token, in this order (SPEC §3). */
export interface CouponQrFields {
  token: string;
  status: string;
  date: string;
  partner: string;
  region: string;
  discount: string;
  address: string;
  telegramName: string;
  /** The last day it may be used, YYYY-MM-DD ('' when it never expires): checked offline. */
  exp?: string;
  /** The partner's id: a partner's device checks offline that the coupon is its company's. */
  pid?: string;
}

/** The key of the server's Ed25519 signature, always last: it signs the exact text before `,sig=`. */
export const SIGNATURE_KEY = 'sig';
const SIGNATURE_SEPARATOR = `,${SIGNATURE_KEY}=`;

/** The QR text with its signature appended. */
export const withSignature = (text: string, signature: string) =>
  `${text}${SIGNATURE_SEPARATOR}'${signature}'`;

/** The signed text and its signature, or undefined for a QR without one. */
export function splitSignature(text: string): { signed: string; signature: string } | undefined {
  const at = text.lastIndexOf(SIGNATURE_SEPARATOR);
  if (at === -1) return undefined;
  const signature = text.slice(at + SIGNATURE_SEPARATOR.length).replace(/^'|'$/g, '');
  return /^[A-Za-z0-9_-]+$/.test(signature) ? { signed: text.slice(0, at), signature } : undefined;
}

export type QrField = { key: string; value: string };

/** The value printed under `key`, if the QR has one. */
export const qrValue = (fields: readonly QrField[], key: string) =>
  fields.find((field) => field.key === key)?.value;

export type ParsedCouponQr = {
  /** The value of `purchased_coupon_id`, when the QR has one. */
  token: string | undefined;
  /** Every other pair, in the QR's order; a repeated key keeps its last value. */
  fields: QrField[];
};

/**
 * SPEC §3 lets a value go without quotes; every byte saved keeps the signed QR a size smaller and
 * easier to read off a phone. Quotes go round a value a comma or an edge space would otherwise cut,
 * or an opening quote would mislead; a quote inside becomes a typographic one, so it cannot end it.
 */
function written(value: string) {
  const safe = value.replaceAll("'", '’');
  return /,|^\s|\s$/.test(safe) ? `'${safe}'` : safe;
}

/** SPEC §3 «Scanned coupon text»: key=value pairs separated by commas, the token first. */
export function formatCouponQr(fields: CouponQrFields): string {
  const { token, status, date, partner, region, discount, address, telegramName, exp, pid } = fields;
  return Object.entries({
    [COUPON_TOKEN_KEY]: token,
    status,
    date,
    partner,
    region,
    discount,
    address,
    telegramName,
    ...(exp !== undefined ? { exp } : {}),
    ...(pid !== undefined ? { pid } : {}),
  })
    .map(([key, value]) => `${key}=${written(value)}`)
    .join(',');
}

/** Reads one value starting at `start`; returns it and the index just past its trailing comma. */
function readValue(text: string, start: number): { value: string; next: number } {
  let at = start;
  while (text[at] === ' ') at++;
  if (text[at] === "'") {
    // Quoted: everything up to the closing quote, commas included.
    const close = text.indexOf("'", at + 1);
    const end = close === -1 ? text.length : close;
    const comma = text.indexOf(',', end);
    return { value: text.slice(at + 1, end), next: comma === -1 ? text.length : comma + 1 };
  }
  const comma = text.indexOf(',', at);
  const end = comma === -1 ? text.length : comma;
  return { value: text.slice(at, end).trim(), next: end + 1 };
}

/**
 * SPEC §3: `key=value` pairs separated by commas, a value optionally in single quotes, in which a
 * comma belongs to the value. Any keys are accepted; a piece without `=` carries nothing and is skipped.
 */
export function parseCouponQr(text: string): ParsedCouponQr {
  const pairs = new Map<string, string>();
  let at = 0;
  while (at < text.length) {
    let keyEnd = at;
    while (keyEnd < text.length && text[keyEnd] !== '=' && text[keyEnd] !== ',') keyEnd++;
    const key = text.slice(at, keyEnd).trim();
    if (text[keyEnd] !== '=') {
      at = keyEnd + 1;
      continue;
    }
    const { value, next } = readValue(text, keyEnd + 1);
    if (key) pairs.set(key, value);
    at = next;
  }
  const token = pairs.get(COUPON_TOKEN_KEY) || undefined;
  pairs.delete(COUPON_TOKEN_KEY);
  return { token, fields: [...pairs].map(([key, value]) => ({ key, value })) };
}
