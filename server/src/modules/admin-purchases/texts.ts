import { BuyerRefundErrorCode, RefundErrorCode } from '#contract/back-office-purchases';
import type { Refusals } from '../../http/errors.ts';

const dayForms = new Intl.PluralRules('ru');
const DAY_WORDS: Partial<Record<Intl.LDMLPluralRule, string>> = { one: 'день', few: 'дня', many: 'дней' };
/** 1 день, 2 дня, 5 дней. */
const dayWord = (n: number) => DAY_WORDS[dayForms.select(n)] ?? 'дня';

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
  [RefundErrorCode.unsoldRefundNotFound]: { status: 404, message: 'Такого возврата нет' },
  [RefundErrorCode.refundFailed]: {
    status: 502,
    message: 'Платежный сервис не вернул деньги. Попробуйте еще раз позже или верните их в личном кабинете',
  },
  refund_provider_gone: {
    status: 409,
    message: 'Покупку оплатили через другой платежный сервис: верните деньги в его личном кабинете',
  },
  // A buyer's own «Вернуть деньги» in My QR.
  [BuyerRefundErrorCode.giftReceived]: {
    status: 409,
    message: 'Этот купон вам подарили: вернуть деньги за него может только тот, кто его оплатил',
  },
  [BuyerRefundErrorCode.givenAway]: {
    status: 409,
    message: 'Купон подарен: пока он у другого человека (или ждет получателя), вернуть деньги за него нельзя',
  },
  [BuyerRefundErrorCode.used]: {
    status: 409,
    message: 'Купон уже использован: партнер дал скидку, вернуть деньги за него нельзя',
  },
  [BuyerRefundErrorCode.expired]: {
    status: 409,
    message: 'Срок купона истек: вернуть деньги можно только за действующий купон',
  },
  [BuyerRefundErrorCode.refunded]: { status: 409, message: 'Деньги за этот купон уже возвращены' },
  [BuyerRefundErrorCode.void]: {
    status: 409,
    message: 'Купон аннулирован: оплата за него не поступила. Если вы платили, напишите администратору чата',
  },
  [BuyerRefundErrorCode.windowOver]: {
    status: 409,
    message: ({ days }) =>
      `Вернуть деньги самому можно в течение ${days} ${dayWord(Number(days))} после покупки, этот срок прошел. Напишите администратору чата`,
  },
  [BuyerRefundErrorCode.failed]: {
    status: 502,
    message: 'Платежный сервис не вернул деньги, купон по-прежнему действует. Попробуйте еще раз позже',
  },
} satisfies Refusals;
export type AdminPurchaseRefusal = keyof typeof adminPurchaseRefusals;
