/**
 * What Telegram's bot itself says (its start is any messenger's, messenger/texts.ts; messages about
 * events are in modules/notifications/texts.ts).
 */
export const botTexts = {
  menuButton: 'Скидки',
  invoiceUnavailable: 'Оплата сейчас недоступна. Попробуйте через минуту. Деньги не списаны.',
} as const;
