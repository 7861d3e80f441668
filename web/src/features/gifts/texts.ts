import { HELD_GIFT_DAYS } from '#contract/gift-hold';

/** Texts of held gifts and of sharing a gift, on the gift screen and My QR. */
export const giftTexts = {
  waitsUntil: (username: string, until: string) => `Подарок ждет @${username} до ${until}.`,
  waitsUntilNote: (username: string) =>
    `Когда @${username} откроет приложение, купон станет его. Если не откроет за ${HELD_GIFT_DAYS} дней, купон вернется к вам.`,
  cancel: 'Отменить подарок',
  cancelShort: 'Отменить',
  cancelFor: (username: string) => `Отменить подарок для @${username}`,
  canceling: 'Отменяем',
  canceled: 'Подарок отменен: купон снова в «Мои QR»',
  heldTitle: 'ПОДАРКИ ЖДУТ ПОЛУЧАТЕЛЯ',
  heldFor: (username: string) => `Для @${username}`,
  heldSince: (dateTime: string) => `подарен ${dateTime}`,
  share: 'Отправить другу',
  sharing: 'Готовим сообщение',
  shared: 'Сообщение отправлено',
  shareFailed: 'Не удалось отправить сообщение',
} as const;
