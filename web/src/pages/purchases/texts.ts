import type { TCouponState, TPurchaseFilter } from '#contract/back-office-purchases';
import { formatRubles } from '#contract/coupon-terms';
import { PAYMENT_PROVIDER_NAMES } from '#contract/payment-provider-names';
import { COUPON_REFUND_PENDING } from '#contract/redeem-texts';

/** A purchase as an act's result names it at the top of the screen: its card may have left the list. */
type NamedPurchase = {
  payer: { name: string };
  partner: { companyName: string };
  discount: number;
  price: number;
};
const couponOf = ({ partner, discount }: NamedPurchase) =>
  `«${partner.companyName}» со скидкой ${formatRubles(discount)}`;

export const texts = {
  title: 'ПОКУПКИ',
  adminsOnly: 'Покупки видят только администраторы',
  status: 'Статус',
  allStatuses: 'Все',
  filters: {
    unused: 'Оплачен, не использован',
    used: 'Использован',
    refunding: COUPON_REFUND_PENDING,
    refunded: 'Деньги возвращены',
    void: 'Аннулирован',
    expired: 'Срок истек',
  } satisfies Record<TPurchaseFilter, string>,
  partner: 'Партнер',
  allPartners: 'Все партнеры',
  from: 'С',
  to: 'По',
  buyer: 'Покупатель',
  buyerPlaceholder: '@username',
  find: 'Найти',
  empty: 'Покупок не найдено',
  more: 'Показать еще',
  states: {
    NOT_USED: 'Не использован',
    USED: 'Использован',
    REFUNDED: 'Деньги возвращены',
    VOID: 'Аннулирован',
    EXPIRED: 'Срок истек',
    REFUND_PENDING: COUPON_REFUND_PENDING,
    HELD: 'Подарок ждет получателя',
  } satisfies Record<TCouponState, string>,
  summary: (price: number, at: string) => `${price} руб · ${at}`,
  facts: {
    purchase: 'Покупка',
    offer: 'Купон',
    /** Who paid for a coupon given away since: the card is headed by whom it went to. */
    payer: 'Оплатил',
    provider: 'Оплата',
    paymentId: 'ID платежа',
    verified: 'Проверена',
    purchasedAt: 'Куплен',
    expiresAt: 'Действует до',
    redeemedBy: 'Погасил',
  },
  offer: (offerId: number, discount: number, price: number) =>
    `№${offerId}: скидка ${discount} руб за ${price} руб`,
  providers: PAYMENT_PROVIDER_NAMES,
  noPaymentId: 'нет (со слов покупателя)',
  verifiedYes: 'да',
  verifiedNo: 'нет',
  noExpiry: 'без ограничения',
  history: 'ИСТОРИЯ',
  noHistory: 'Событий нет',
  system: 'система',
  refund: 'Вернуть деньги',
  /** A `link` payment went past the app: its refund is made outside too, and only noted here. */
  refundOutside: 'Отметить возврат',
  void: 'Аннулировать',
  refundQuestion: (price: number, buyer: string) => `Вернуть ${formatRubles(price)} покупателю ${buyer}?`,
  refundOutsideQuestion: (price: number, buyer: string) =>
    `Отметить, что ${formatRubles(price)} вернули покупателю ${buyer} вне приложения (оплата была по ссылке)?`,
  refundDetail: 'Купон перестанет действовать.',
  voidQuestion: (buyer: string) => `Аннулировать купон ${buyer}?`,
  voidDetail: 'Делайте так, только если деньги по ссылке не пришли. Купон перестанет действовать.',
  confirmRefund: 'Да, вернуть',
  confirmRefundOutside: 'Да, отметить',
  confirmVoid: 'Да, аннулировать',
  cancel: 'Нет',
  refunded: (purchase: NamedPurchase) =>
    `Деньги за купон ${couponOf(purchase)} возвращены покупателю ${purchase.payer.name}: ${formatRubles(purchase.price)}. Купон больше не действует.`,
  refundedOutside: (purchase: NamedPurchase) =>
    `Возврат ${formatRubles(purchase.price)} покупателю ${purchase.payer.name} за купон ${couponOf(purchase)} отмечен. Купон больше не действует.`,
  refundPending: (purchase: NamedPurchase) =>
    `Возврат ${formatRubles(purchase.price)} покупателю ${purchase.payer.name} за купон ${couponOf(purchase)} запрошен: платежный сервис вернет деньги, купон уже не действует.`,
  voided: (purchase: NamedPurchase) =>
    `Купон ${couponOf(purchase)} покупателя ${purchase.payer.name} аннулирован.`,
  refundFailed: (purchase: NamedPurchase) =>
    `Деньги за купон ${couponOf(purchase)} покупателю ${purchase.payer.name} не возвращены`,
  refundOutsideFailed: (purchase: NamedPurchase) =>
    `Возврат покупателю ${purchase.payer.name} за купон ${couponOf(purchase)} не отмечен`,
  voidFailed: (purchase: NamedPurchase) =>
    `Купон ${couponOf(purchase)} покупателя ${purchase.payer.name} не аннулирован`,
  /** Payments that found no coupon left and whose provider did not give the money back. */
  unsold: {
    title: 'ВЕРНУТЬ ДЕНЬГИ БЕЗ КУПОНА',
    lead:
      'Эти покупатели заплатили, когда купоны уже закончились: купон не выдан, а платежный сервис ' +
      'не вернул деньги сам. Верните деньги и отметьте возврат — бот сообщит покупателю.',
    owed: (amount: number) => `Вернуть ${amount} руб`,
    paidAt: 'Оплачено',
    noPaymentId: 'нет (оплата по ссылке)',
    question: (amount: number, buyer: string) => `Отметить, что ${amount} руб вернули покупателю ${buyer}?`,
    detail: 'Бот напишет покупателю, что деньги вернули.',
    settled: (amount: number, buyer: string) => `Возврат ${amount} руб покупателю ${buyer} отмечен`,
  },
} as const;
