import { type QrField, SIGNATURE_KEY } from '#contract/coupon-qr';
import { serviceThreshold } from '#contract/coupon-terms';
import { MESSENGER_NAMES } from '#contract/messengers';
import type { TScannedCoupon, TScanStatus } from '#contract/redemption';
import { texts } from './texts';

/** SPEC §3: the keys with labels, in the order they are listed. */
const LABELLED_KEYS = ['telegramName', 'status', 'date', 'partner', 'region', 'discount', 'address'] as const;
type LabelledKey = (typeof LABELLED_KEYS)[number];

const isLabelled = (key: string): key is LabelledKey => (LABELLED_KEYS as readonly string[]).includes(key);

/** Keys for the partner's device, not for people: the signature and what it checks offline. */
const MACHINE_KEYS: readonly string[] = [SIGNATURE_KEY, 'exp', 'pid'];

export type CouponRow = { key: string; label: string; value: string };

const statusTexts: Record<TScanStatus, string> = {
  NOT_USED: texts.statusNotUsed,
  USED: texts.statusUsed,
  EXPIRED: texts.statusExpired,
  REFUND_PENDING: texts.statusRefundPending,
  REFUNDED: texts.statusRefunded,
  VOID: texts.statusVoid,
  GIFTED_AWAY: texts.statusGiftedAway,
};

function shownValue(key: LabelledKey, value: string): string {
  // SPEC §4: anything but NOT_USED counts as used; a state this app does not know yet says so.
  if (key === 'status') return statusTexts[value as TScanStatus] ?? texts.statusUsed;
  if (key === 'discount') return texts.discountRubles(value);
  return value;
}

/**
 * The rows of «Отсканированный QR»: the labelled fields first, in SPEC order, then the last valid day
 * the server knows, then unknown keys under their raw key (never the signature and its kin). The server's
 * live values win over the printed ones; the status is only ever the live one, so until the server
 * answers it is not shown.
 */
export function couponRows(fields: readonly QrField[], live: TScannedCoupon | undefined): CouponRow[] {
  const printed = new Map(fields.map(({ key, value }) => [key, value]));
  const labelled = LABELLED_KEYS.flatMap((key) => {
    // A QR leaves the company's name and place empty (the server's answer brings them): no empty row.
    const value = live ? live[key] : key === 'status' ? undefined : printed.get(key) || undefined;
    if (value === undefined) return [];
    // The holder's name is one in their messenger, which the server knows; a printed QR is Telegram's.
    const label = key === 'telegramName' && live ? MESSENGER_NAMES[live.messenger] : texts.labels[key];
    const row = { key, label, value: shownValue(key, value) };
    // The 15 % rule beside the discount, so the partner applies it to a large enough bill.
    return key === 'discount' && /^\d+$/.test(value)
      ? [
          row,
          {
            key: 'serviceThreshold',
            label: texts.labels.serviceThreshold,
            value: texts.serviceThreshold(serviceThreshold(Number(value))),
          },
        ]
      : [row];
  });
  const expiry = live?.expiresAt
    ? [{ key: 'expiresAt', label: texts.labels.expiresAt, value: texts.expiresAt(live.expiresAt) }]
    : [];
  const unknown = fields
    .filter(({ key }) => !isLabelled(key) && !MACHINE_KEYS.includes(key))
    .map(({ key, value }) => ({ key, label: key, value }));
  return [...labelled, ...expiry, ...unknown];
}
