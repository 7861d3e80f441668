import { messengerName } from '@/messenger/messenger-of-launch';

/** The e-mail behind the bot, as «Мои данные» and the buy screen say it. */
export const emailTexts = {
  title: 'Почта для сообщений бота',
  get lead() {
    return `Если бот не сможет доставить сообщение в ${messengerName()} за 15 минут (покупка, QR-код, возврат, подарок, очередь, напоминание), мы пришлем его на почту. Пишем только на подтвержденный адрес; в каждом письме есть ссылка, чтобы письма остановить. Этот же адрес получает чеки.`;
  },
  field: 'E-mail',
  placeholder: 'name@example.ru',
  save: 'Сохранить и подтвердить',
  saving: 'Отправляем письмо…',
  confirmed: 'Адрес подтвержден',
  sent: (email: string) => `Мы отправили письмо для подтверждения на ${email}. Откройте ссылку из письма.`,
  unconfirmed: (email: string) => `Адрес ${email} не подтвержден: писем на него не будет.`,
  confirm: 'Подтвердить адрес',
  sendAgain: 'Отправить письмо еще раз',
  sending: 'Отправляем…',
  stopped: (email: string) => `Письма на ${email} остановлены по ссылке из письма.`,
  resume: 'Присылать снова',
} as const;
