/** Each text names the messenger of the launch («Telegram» in Telegram), as messengerName() gives it. */
export const texts = {
  openInMessenger: {
    title: (messenger: string) => `Откройте приложение в ${messenger}`,
    body: (messenger: string) =>
      `«Катайся с нами» работает внутри ${messenger}: он сообщает приложению, кто вы, а от этого зависят ваши скидки, QR-коды и функции партнеров.`,
    hint: (messenger: string) =>
      `Найдите бота сплавного чата в ${messenger} и запустите приложение кнопкой меню.`,
  },
} as const;
