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
}

export type QrField = { key: string; value: string };

export type ParsedCouponQr = {
  /** The value of `purchased_coupon_id`, when the QR has one. */
  token: string | undefined;
  /** Every other pair, in the QR's order; a repeated key keeps its last value. */
  fields: QrField[];
};

// Values are single-quoted; a quote inside one would end it early, so it becomes a typographic one.
const quoted = (value: string) => `'${value.replaceAll("'", '’')}'`;

/** SPEC §3 «Scanned coupon text»: key='value' pairs separated by commas, the token first. */
export function formatCouponQr(fields: CouponQrFields): string {
  const { token, status, date, partner, region, discount, address, telegramName } = fields;
  return Object.entries({
    [COUPON_TOKEN_KEY]: token,
    status,
    date,
    partner,
    region,
    discount,
    address,
    telegramName,
  })
    .map(([key, value]) => `${key}=${quoted(value)}`)
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
