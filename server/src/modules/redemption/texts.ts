import { formatDateTimeIn, zoneNote } from '#contract/date-time';
import { ErrorCode } from '#contract/errors';
import { REDEEM_REFUSED } from '#contract/redeem-texts';
import { RedemptionErrorCode } from '#contract/redemption';
import type { Refusals } from '../../http/errors.ts';
import type { RedeemRefusal } from './redeem.ts';

export const redemptionRefusals = {
  coupon_not_found: { status: 404, error: ErrorCode.notFound, message: REDEEM_REFUSED },
  other_company_coupon: {
    status: 403,
    error: ErrorCode.forbidden,
    message: 'Это купон другого партнера: погасить его нельзя',
  },
  redeem_in_own_name_only: {
    status: 403,
    error: ErrorCode.forbidden,
    message: 'Погасить купон можно только от своего имени',
  },
  [RedemptionErrorCode.undoRefused]: {
    status: 409,
    message: 'Отменить погашение нельзя: прошло больше 10 минут или купон погасили не вы',
  },
} satisfies Refusals;
export type RedemptionRefusal = keyof typeof redemptionRefusals;

/** A refused redeem answers the spec's bare text (SPEC §4), not an error object: only the status tells why. */
export const redeemRefusals: Record<RedeemRefusal, number> = {
  UNKNOWN_TOKEN: 404,
  OTHER_COMPANY: 403,
  ALREADY_USED: 409,
  OWNER_NOT_MEMBER: 403,
  EXPIRED: 409,
  REFUND_PENDING: 409,
};

const dayTime = (at: Date, timeZone: string) => `${formatDateTimeIn(at, timeZone)} ${zoneNote(timeZone, at)}`;

/**
 * What a partner's device is told about a redemption it made with no signal: whole sentences, as
 * the screen follows each with when this phone redeemed it.
 */
export const offlineTexts = {
  someone: 'другой сотрудник',
  usedBy: (who: string, at: Date, timeZone: string) => `Купон уже погасил ${who} ${dayTime(at, timeZone)}.`,
  refunded: 'Деньги за купон вернули покупателю, купон недействителен.',
  refunding: 'Деньги за купон возвращают покупателю, купон недействителен.',
  giftedAway: (at: Date, timeZone: string) =>
    `Купон подарили другому человеку ${dayTime(at, timeZone)}, этот QR недействителен.`,
  unknown: 'Купон не найден: этот QR недействителен.',
  otherCompany: 'Это купон другого партнера: погасить его может только партнер, у которого он куплен.',
  expired: 'Купон нельзя погасить: срок действия истек до погашения.',
  /** A gift held for a username nobody has opened the app with: usable by no one meanwhile. */
  notRedeemable: 'Купон сейчас нельзя погасить: он подарен и ждет получателя.',
  badTime: 'Время погашения на устройстве неверное: проверьте часы телефона.',
} as const;
