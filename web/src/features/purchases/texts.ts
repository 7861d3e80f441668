import { NOT_CHAT_MEMBER_MESSAGE } from '#contract/session';

/** What paying for a coupon says (the buy screen shows it beside the payment). */
export const purchaseTexts = {
  paymentNotOpened: 'Не удалось открыть страницу оплаты. Попробуйте еще раз.',
  invoiceFailed: 'Оплата не прошла. Попробуйте еще раз.',
  notChatMember: NOT_CHAT_MEMBER_MESSAGE,
} as const;
