export const texts = {
  picker: {
    title: 'Войти как…',
    body: 'Локальный режим без Telegram и MAX: сервер подпишет вход за выбранного демо-пользователя. В MAX это отдельный человек со своими купонами.',
    inMax: 'Открыть в MAX',
  },
  switchUser: 'Сменить пользователя',
  signInRefused: { title: 'Не удалось войти' },
} as const;

export const chatTexts = {
  open: 'Чат с ботом',
  openInMax: 'Чат с ботом в MAX',
  title: 'Чат с ботом',
  titleInMax: 'Чат с ботом в MAX',
  with: (username: string) => `@${username}`,
  close: 'Закрыть',
  empty: 'Бот еще ничего не писал. Купите купон, подарите его или подайте заявку — сообщения появятся здесь.',
  edited: 'изменено',
  photoAlt: 'QR-код купона',
  you: 'Вы',
  replyTo: 'Ответ боту на:',
  messagePlaceholder: 'Сообщение',
  send: 'Отправить',
  sending: 'Отправка…',
  alertOk: 'OK',
  unreachable: 'Чат не обновляется: сервер не отвечает. Пробуем снова…',
  invitation: {
    title: 'Поделиться в Telegram',
    body: 'В Telegram здесь откроется выбор чата, куда отправить это сообщение:',
    openAsNewPerson: 'Открыть как новый человек',
    hint: 'Друг откроет приложение по ссылке; администратор увидит его в разделе «ПРИГЛАШЕНИЯ».',
  },
} as const;
