import type { MessengerId } from './messenger-of-launch';

/** Each text names the messenger of the launch («Telegram» in Telegram), as messengerName() gives it. */
export const texts = {
  openInMessenger: {
    title: (messenger: string) => `Откройте приложение в ${messenger}`,
    body: (messenger: string) =>
      `«Катайся с нами» работает внутри ${messenger}: он сообщает приложению, кто вы, а от этого зависят ваши скидки, QR-коды и функции партнеров.`,
    /** How each messenger opens a bot's app: Telegram's menu button, MAX's button in the bot's chat. */
    hint: (launched: MessengerId | undefined, name: string) =>
      launched === 'max'
        ? 'Найдите бота сплавного чата в MAX и откройте приложение кнопкой в чате с ним.'
        : `Найдите бота сплавного чата в ${name} и запустите приложение кнопкой меню.`,
  },
} as const;
