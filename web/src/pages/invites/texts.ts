export const texts = {
  title: 'ПРИГЛАШЕНИЯ',
  adminsOnly: 'Приглашения видят только администраторы',
  lead:
    'Сколько человек впервые открыли приложение по ссылке участника и состоят в сплавном чате, ' +
    'и сколько из них оплатили купон; под числами — кто открыл ссылку. ' +
    'Это только учет: награды за приглашения решает администратор.',
  empty: 'Пока никто не пришел по приглашению.',
  came: 'Пришли',
  bought: 'Купили',
  invitedBy: (inviter: string) => `Пришли по ссылке ${inviter}`,
  /** When they first opened the app through the link. */
  cameOn: (day: string) => `с ${day}`,
  boughtMark: 'есть покупка',
  /** Opened the link, not yet in the community chat: not counted among «Пришли». */
  notInChatMark: 'еще не в чате',
} as const;
