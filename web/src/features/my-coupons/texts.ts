import { formatRubles, serviceThreshold } from '#contract/coupon-terms';
import { COUPON_EXPIRED, COUPON_REFUND_PENDING } from '#contract/redeem-texts';
import { formatDay } from '@/lib/dates';

export const texts = {
  discount: (rubles: number) => `Скидка ${rubles} руб`,
  /** The 15 % rule, so the person at the counter applies it. */
  threshold: (discount: number) => `На услуги от ${formatRubles(serviceThreshold(discount))}`,
  /** Usable coupons first, then the rest: each slide says which group it is in and where. */
  usableGroup: (place: number, count: number) => `Действующий купон ${place} из ${count}`,
  spentGroup: (place: number, count: number) => `Недействующий купон ${place} из ${count}`,
  used: 'ИСПОЛЬЗОВАН',
  expiredStamp: 'СРОК ИСТЕК',
  expired: COUPON_EXPIRED,
  refundPendingStamp: 'ВОЗВРАТ',
  refundPending: `${COUPON_REFUND_PENDING}: купон больше не действует`,
  validUntil: (day: string) => `Действует до ${formatDay(day)}`,
  qrOf: (companyName: string) => `QR купона «${companyName}»`,
  openQr: (companyName: string) => `Открыть крупно QR купона «${companyName}»`,
  usedQrOf: (companyName: string) => `Использованный QR купона «${companyName}»`,
  expiredQrOf: (companyName: string) => `Просроченный QR купона «${companyName}»`,
  refundPendingQrOf: (companyName: string) => `QR купона «${companyName}», по которому идет возврат денег`,
} as const;
