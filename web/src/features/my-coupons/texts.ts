import { COUPON_EXPIRED } from '#contract/redeem-texts';
import { formatDay } from '@/lib/dates';

export const texts = {
  discount: (rubles: number) => `Скидка ${rubles} руб`,
  used: 'ИСПОЛЬЗОВАН',
  expiredStamp: 'СРОК ИСТЁК',
  expired: COUPON_EXPIRED,
  validUntil: (day: string) => `Действует до ${formatDay(day)}`,
  qrOf: (companyName: string) => `QR купона «${companyName}»`,
  openQr: (companyName: string) => `Открыть крупно QR купона «${companyName}»`,
  usedQrOf: (companyName: string) => `Использованный QR купона «${companyName}»`,
  expiredQrOf: (companyName: string) => `Просроченный QR купона «${companyName}»`,
} as const;
