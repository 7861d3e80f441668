import { parseCouponQr, type QrField, qrValue, splitSignature } from '#contract/coupon-qr';
import { dayIn } from '#contract/date-time';
import type { TOfflineKit } from '#contract/offline';
import { type TScanStatus, ZScanStatus } from '#contract/redemption';
import { fromBase64Url, verifyEd25519 } from './ed25519';

/** Why a coupon cannot be redeemed with no signal. */
export type OfflineRefusal = 'no-kit' | 'unsigned' | 'forged' | 'expired' | 'foreign' | 'revoked' | 'queued';

/**
 * A revoked token says what became of its coupon, as a scan with a signal would (used, refunded …),
 * where the kit knows it.
 */
export type OfflineVerdict =
  | { valid: true; token: string; fields: QrField[] }
  | { valid: false; reason: 'revoked'; status: TScanStatus | undefined }
  | { valid: false; reason: Exclude<OfflineRefusal, 'revoked'> };

/**
 * A kit stored before kits carried the companies' names has none: their QRs print the names; one
 * stored before they said why a token died has no `revokedWhy`.
 */
type OfflineCheckKit = Pick<TOfflineKit, 'publicKeys' | 'revoked' | 'partnerIds' | 'timeZone'> &
  Partial<Pick<TOfflineKit, 'partners' | 'revokedWhy'>>;

/**
 * What became of the coupon of the revoked token at `place`: what `revokedWhy` says of it, else used.
 * Unknown to a kit without `revokedWhy`, and for a reason newer than this app (or one no dead
 * token can have).
 */
function revokedAs(kit: OfflineCheckKit, place: number): TScanStatus | undefined {
  if (!kit.revokedWhy) return undefined;
  const why = Object.entries(kit.revokedWhy).find(([, places]) => places.includes(place))?.[0];
  if (why === undefined) return 'USED';
  const known = ZScanStatus.safeParse(why);
  return known.success && known.data !== 'NOT_USED' ? known.data : undefined;
}

/** The keys a QR leaves empty for the kit to fill from the company `pid` names. */
const COMPANY_KEYS = { partner: 'companyName', region: 'region', address: 'address' } as const;
const isCompanyKey = (key: string): key is keyof typeof COMPANY_KEYS => Object.hasOwn(COMPANY_KEYS, key);

/**
 * A scanned coupon's fields with its company's name and place from the kit where the QR left them
 * empty, as the server's answer fills them when there is a signal.
 */
export function withCompanyFromKit(fields: QrField[], kit: OfflineCheckKit | undefined): QrField[] {
  const partnerId = Number(qrValue(fields, 'pid'));
  const company = kit?.partners?.find((partner) => partner.id === partnerId);
  if (!company) return fields;
  return fields.map((field) =>
    field.value === '' && isCompanyKey(field.key)
      ? { key: field.key, value: company[COMPANY_KEYS[field.key]] }
      : field,
  );
}

/**
 * Checks a scanned coupon on the device, with no signal: the server's signature over the exact text, then
 * its last day, its company and the tokens the kit says are dead or this device already redeemed.
 * The signature comes first: a field of a text nobody signed means nothing.
 */
export async function checkOffline(
  text: string,
  kit: OfflineCheckKit | undefined,
  { now = new Date(), queued = [] }: { now?: Date; queued?: readonly string[] } = {},
): Promise<OfflineVerdict> {
  if (!kit) return { valid: false, reason: 'no-kit' };
  const parts = splitSignature(text);
  const { token, fields } = parseCouponQr(parts?.signed ?? text);
  if (!parts || !token) return { valid: false, reason: 'unsigned' };

  const message = new TextEncoder().encode(parts.signed);
  const signature = fromBase64Url(parts.signature);
  let signed = false;
  for (const { key } of kit.publicKeys) {
    if (await verifyEd25519(fromBase64Url(key), signature, message)) {
      signed = true;
      break;
    }
  }
  if (!signed) return { valid: false, reason: 'forged' };

  const lastDay = qrValue(fields, 'exp');
  if (lastDay && dayIn(kit.timeZone, now) > lastDay) return { valid: false, reason: 'expired' };
  const partnerId = Number(qrValue(fields, 'pid'));
  if (kit.partnerIds && !kit.partnerIds.includes(partnerId)) return { valid: false, reason: 'foreign' };
  const place = kit.revoked.indexOf(token);
  if (place >= 0) return { valid: false, reason: 'revoked', status: revokedAs(kit, place) };
  if (queued.includes(token)) return { valid: false, reason: 'queued' };
  return { valid: true, token, fields };
}
