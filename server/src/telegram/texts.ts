/** What the bot itself says (messages about events are in modules/notifications/texts.ts). */
export const botTexts = {
  start:
    'Привет! Это «Катайся с нами»: скидки партнеров для участников сплавного чата.\n' +
    'Купите купон, покажите QR партнеру и получите скидку. Подарить купон можно другу из чата.',
  startOpenButton: 'Открыть приложение',
  startWithoutApp: 'Приложение пока не опубликовано: у бота нет публичного адреса. Загляните позже.',
  menuButton: 'Скидки',
  invoiceUnavailable: 'Оплата сейчас недоступна. Попробуйте через минуту. Деньги не списаны.',
} as const;
