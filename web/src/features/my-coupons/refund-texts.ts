import { formatRubles } from '#contract/coupon-terms';

/** A coupon as its refund's result names it: the coupon may have left the list by the time it is read. */
const couponNamed = ({ companyName, discount }: { companyName: string; discount: number }) =>
  `купон «${companyName}» со скидкой ${formatRubles(discount)}`;

type NamedCoupon = Parameters<typeof couponNamed>[0];

/** The holder's own refund in My QR: its button, and the confirmation loaded at its press. */
export const refundTexts = {
  button: 'Вернуть деньги',
  question: (amount: number, companyName: string) =>
    `Вернуть ${formatRubles(amount)} за купон «${companyName}»?`,
  detail:
    'QR перестанет действовать сразу, и скидку по нему получить будет нельзя. Деньги вернутся тем же способом, каким вы платили.',
  confirm: 'Да, вернуть деньги',
  cancel: 'Нет',
  refunded: (amount: number, coupon: NamedCoupon) =>
    `Деньги за ${couponNamed(coupon)} возвращены: ${formatRubles(amount)}. Этот купон больше не действует.`,
  pending: (amount: number, coupon: NamedCoupon) =>
    `Возврат ${formatRubles(amount)} за ${couponNamed(coupon)} оформлен, деньги придут в ближайшие дни. Этот купон больше не действует.`,
  failed: (coupon: NamedCoupon) => `Деньги за ${couponNamed(coupon)} не возвращены`,
} as const;
