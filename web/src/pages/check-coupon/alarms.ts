import { type QrField, qrValue } from '#contract/coupon-qr';
import type { TScannedCoupon } from '#contract/redemption';
import type { OfflineVerdict } from '@/features/redemption/offline/check-offline';
import type { Clock } from '@/hooks/use-clock';
import type { Alarm } from './coupon-alarm';
import { texts } from './texts';

/** What an alarm tells of a coupon: from the server's answer, or what a phone with no signal knows. */
type AlarmFacts = Pick<
  TScannedCoupon,
  'status' | 'partner' | 'expiresAt' | 'redeemedAt' | 'redeemedBy' | 'giftedAwayAt'
>;

const lastDay = (day: string | null | undefined) => (day ? [texts.alarm.lastDay(texts.expiresAt(day))] : []);

/**
 * The alarm for a coupon the server holds not redeemable, with what it knows: when and by whom a
 * used one was redeemed (on the server's clock, «по Москве»), when a gift replaced its QR. None for
 * one that is redeemable.
 */
export function liveAlarm(live: AlarmFacts, clock: Clock): Alarm | undefined {
  switch (live.status) {
    case 'NOT_USED':
      return undefined;
    case 'USED':
      return {
        headline: texts.alarm.used,
        lines: [
          ...(live.redeemedAt ? [texts.alarm.redeemedAt(clock.dateTime(live.redeemedAt))] : []),
          ...(live.redeemedBy ? [texts.alarm.redeemedBy(live.redeemedBy, live.partner)] : []),
        ],
      };
    case 'EXPIRED':
      return { headline: texts.alarm.expired, lines: lastDay(live.expiresAt) };
    case 'REFUND_PENDING':
      return { headline: texts.alarm.refundPending, lines: [texts.alarm.refundPendingDetail] };
    case 'REFUNDED':
      return { headline: texts.alarm.refunded, lines: [texts.alarm.refundedDetail] };
    case 'VOID':
      return { headline: texts.alarm.void, lines: [texts.alarm.voidDetail] };
    case 'GIFTED_AWAY':
      return {
        headline: texts.alarm.giftedAway,
        lines: [
          ...(live.giftedAwayAt ? [texts.alarm.giftedAwayAt(clock.dateTime(live.giftedAwayAt))] : []),
          texts.alarm.giftedAwayDetail,
        ],
      };
  }
}

/** The alarm for a QR the server would not look up: not a coupon of ours, or not the caller's. */
export const refusedAlarm = (reason: string): Alarm => ({ headline: texts.alarm.invalid, lines: [reason] });

/** What a phone with no signal knows of a dead coupon besides what became of it: not when, nor by whom. */
const unknownOffline: Omit<AlarmFacts, 'status'> = {
  partner: '',
  expiresAt: null,
  redeemedAt: null,
  redeemedBy: null,
  giftedAwayAt: null,
};

/**
 * The alarm for a coupon the phone, with no signal, can tell is not redeemable: what its kit and
 * queue know. None where it cannot tell (no kit, no signature): that is not the coupon's fault.
 */
export function offlineAlarm(
  refusal: Extract<OfflineVerdict, { valid: false }>,
  { fields, queuedAt, clock }: { fields: readonly QrField[]; queuedAt: string | undefined; clock: Clock },
): Alarm | undefined {
  switch (refusal.reason) {
    case 'queued':
      return {
        headline: texts.alarm.used,
        lines: queuedAt ? [texts.alarm.queuedHere(clock.dateTime(queuedAt))] : [texts.alarm.queued],
      };
    case 'revoked':
      // What the kit says became of it, in the words of a scan with a signal; a kit that cannot say
      // (stored before kits said it) names every way a coupon dies.
      return (
        (refusal.status && liveAlarm({ ...unknownOffline, status: refusal.status }, clock)) ?? {
          headline: texts.alarm.revoked,
          lines: [texts.alarm.revokedDetail],
        }
      );
    case 'expired':
      return { headline: texts.alarm.expired, lines: lastDay(qrValue(fields, 'exp')) };
    case 'forged':
      return { headline: texts.alarm.forged, lines: [texts.alarm.forgedDetail] };
    case 'foreign':
      return { headline: texts.alarm.foreign, lines: [texts.alarm.foreignDetail] };
    case 'no-kit':
    case 'unsigned':
      return undefined;
  }
}
