/** «Мои данные»'s messengers: one person's accounts in Telegram and MAX. */
export const linkingTexts = {
  title: 'МЕССЕНДЖЕРЫ',
  yours: 'Ваши аккаунты:',
  lead: (there: string) =>
    `Свяжите свой аккаунт ${there}: в обоих мессенджерах будут одни и те же купоны, история и согласия.`,
  link: (there: string) => `Связать с ${there}`,
  making: 'Готовим ссылку…',
  ready: (there: string) =>
    `Откройте бота ${there} и нажмите «Начать»: он свяжет аккаунты. Ссылка работает один раз и 10 минут.`,
  open: (there: string) => `Открыть ${there}`,
  unlink: (there: string) => `Отвязать ${there}`,
  unlinkQuestion: (there: string) => `Отвязать аккаунт ${there}?`,
  unlinkDetail: (here: string, there: string) =>
    `Купоны, история и согласия останутся с вами здесь, в ${here}: ни один купон не переносится. Аккаунт ${there} станет отдельным, пока пустым.`,
  unlinkConfirm: 'Отвязать',
  unlinking: 'Отвязываем…',
  cancel: 'Отмена',
  unlinked: (there: string) => `Аккаунт ${there} отвязан. Все купоны остались с вами здесь.`,
} as const;
