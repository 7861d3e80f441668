import { RefundErrorCode } from '#contract/back-office-purchases';
import type { Refusals } from '../../http/errors.ts';

export const adminPurchaseRefusals = {
  [RefundErrorCode.purchaseNotFound]: { status: 404, message: 'Такой покупки нет' },
  [RefundErrorCode.alreadyUsed]: {
    status: 409,
    message: 'Купон уже погашен: партнер дал скидку, вернуть деньги за него нельзя',
  },
  [RefundErrorCode.alreadyVoid]: {
    status: 409,
    message: 'Купон уже аннулирован: деньги за него не поступали',
  },
  [RefundErrorCode.notLinkProvider]: {
    status: 409,
    message: 'Аннулировать можно только купон, оплаченный по ссылке: эту оплату подтвердил платежный сервис',
  },
  [RefundErrorCode.giftHeld]: {
    status: 409,
    message: 'Купон подарен и ждет получателя: сначала даритель должен отменить подарок',
  },
  already_refunded: { status: 409, message: 'Деньги за этот купон уже возвращены' },
  [RefundErrorCode.refundFailed]: {
    status: 502,
    message: 'Платежный сервис не вернул деньги. Попробуйте еще раз позже или верните их в личном кабинете',
  },
  refund_provider_gone: {
    status: 409,
    message: 'Покупку оплатили через другой платежный сервис: верните деньги в его личном кабинете',
  },
} satisfies Refusals;
export type AdminPurchaseRefusal = keyof typeof adminPurchaseRefusals;
