import { messengerName } from '@/messenger/messenger-of-launch';

const plural = (count: number, one: string, few: string, many: string) => {
  const lastTwo = count % 100;
  const last = count % 10;
  if (lastTwo >= 11 && lastTwo <= 14) return many;
  if (last === 1) return one;
  if (last >= 2 && last <= 4) return few;
  return many;
};

export const texts = {
  title: 'МОИ ДАННЫЕ',
  lead: 'Все, что сервис хранит о вас. Можно скачать копию или удалить данные.',
  policy: 'Политика конфиденциальности',

  profile: 'ПРОФИЛЬ',
  get messengerId() {
    return `ID в ${messengerName()}`;
  },
  username: 'Имя пользователя',
  name: 'Имя',
  email: 'E-mail для чека',
  emailNone: 'не указан',
  emailNote: 'E-mail для чека меняется на экране покупки.',
  consent: 'Согласие',
  consentGiven: (date: string) => `дано ${date}`,
  edition: 'Редакция политики',
  editionOf: (date: string) => `от ${date}`,
  consentNone: 'не дано',
  chatMember: 'В чате сообщества',
  cameThroughInvite: 'Пришли по приглашению',
  inviteCode: 'Код вашей ссылки-приглашения',
  yes: 'да',
  no: 'нет',
  since: 'В сервисе с',
  lastSeen: 'Последний вход',
  none: '—',

  qrPhotos: 'QR В ЧАТЕ С БОТОМ',
  qrPhotosLabel: 'Присылать QR в чат с ботом',
  qrPhotosOn:
    'Бот присылает каждый новый QR фотографией: она остается в чате и открывается без связи. ' +
    'Когда QR перестает действовать, бот пишет об этом под фото.',
  qrPhotosOff: 'Новые QR бот не присылает, они только в разделе «Мои QR».',

  partnerOffers: 'ПРЕДЛОЖЕНИЯ ПАРТНЕРОВ',
  partnerOffersLabel: 'Присылать предложения партнеров',
  partnerOffersOn:
    'Бот может присылать рекламные предложения партнеров. Согласие можно отозвать здесь в любой момент.',
  partnerOffersOff: 'Бот пишет только о ваших купонах, подарках и заявках, рекламу не присылает.',

  payments: 'ПЛАТЕЖИ',
  paymentLine: (company: string, amount: number) => `${company} — ${amount} руб.`,
  paymentStatus: {
    PENDING: 'ожидает оплаты',
    SUCCEEDED: 'оплачен',
    CANCELED: 'отменен',
  } as Record<string, string>,

  coupons: 'КУПОНЫ',
  couponLine: (company: string, discount: number) => `${company} — скидка ${discount} руб.`,
  couponStatus: {
    NOT_USED: 'не использован',
    USED: 'использован',
    REFUNDED: 'деньги возвращены',
    VOID: 'аннулирован',
    HELD: 'подарен, ждет получателя',
  } as Record<string, string>,
  purchased: 'куплен',
  redeemed: 'погашен',

  gifts: 'ПОДАРКИ',
  giftSent: 'Вы подарили купон',
  giftReceived: 'Вам подарили купон',

  redeemAttempts: 'ПРОВЕРКИ КУПОНОВ',
  redeemResult: {
    REDEEMED: 'купон погашен',
    ALREADY_USED: 'купон уже использован',
    UNKNOWN_TOKEN: 'неизвестный QR-код',
    OTHER_COMPANY: 'купон другого партнера',
    OWNER_NOT_MEMBER: 'владелец не в чате',
    UNDONE: 'погашение отменено',
    NOT_ALLOWED: 'нет прав на погашение',
    EXPIRED: 'срок купона истек',
    REFUND_PENDING: 'идет возврат денег',
  } as Record<string, string>,
  moreInFile: (count: number) => `и еще ${count} — в скачанном файле`,

  geoPoints: 'ГЕОТОЧКИ',
  geoSummary: (count: number, from: string, to: string) =>
    `${count} ${plural(count, 'точка', 'точки', 'точек')} маршрута, с ${from} по ${to}`,

  nothing: 'Нет записей',

  reminders: 'НАПОМИНАНИЯ',
  remindersLabel:
    'Напоминать в боте о купонах, срок которых скоро истекает, и о подарках, которые вернутся ко мне',
  remindersNote: 'Бот пишет только днем, с 10:00 до 20:00.',

  ratings: 'ОЦЕНКИ ВИЗИТОВ',
  ratingLine: (company: string, stars: number) => `${company} — оценка ${stars} из 5`,
  noComment: 'без отзыва',

  lines: 'ОЧЕРЕДИ И ОТЛОЖЕННЫЕ КУПОНЫ',
  placeWaiting: (position: number, joined: string) => `в очереди ${position}-й · встали ${joined}`,
  placeHeld: (until: string, joined: string) =>
    `в очереди: купон отложен для вас до ${until} · встали ${joined}`,
  holdDetail: (until: string) => `купон отложен на время оплаты до ${until}`,

  appOpens: 'ДНИ, КОГДА ВЫ ОТКРЫВАЛИ ПРИЛОЖЕНИЕ',
  appOpensLine: (days: number) => `Дней: ${days}`,
  appOpensSpan: (first: string, last: string) => (first === last ? first : `с ${first} по ${last}`),

  download: 'СКАЧАТЬ МОИ ДАННЫЕ',
  preparing: 'Готовим файл…',
  downloadStarted: 'Файл с вашими данными скачивается.',
  sentByBot: 'Бот прислал вам файл с данными — откройте чат с ботом.',

  erase: 'УДАЛЕНИЕ ДАННЫХ',
  eraseGoes: 'Удалятся:',
  /**
   * What erasing takes away, as privacy.service.ts's erase does, named as the sections above name
   * it; said before (under «Удалятся:») and after (under «Сервис больше не хранит:»).
   */
  erasedData: [
    'профиль и e-mail',
    'согласия на обработку данных и на предложения партнеров',
    'геоточки',
    'оценки визитов и отзывы',
    'дни, когда вы открывали приложение',
    'места в очередях за купонами',
    'код вашей ссылки-приглашения',
  ],
  eraseKept:
    'Платежи, купоны, подарки и проверки купонов останутся, но без имени и e-mail: записи о платежах и о том, ' +
    'за что заплачено, требует хранить закон о бухгалтерском учете.',
  eraseButton: 'Удалить мои данные',
  eraseSure: 'Удалить ваши данные? Отменить это будет нельзя.',
  unusedCoupons:
    'У вас есть неиспользованные купоны. После удаления они пропадут из «Мои QR» и воспользоваться ' +
    'ими будет нельзя:',
  unusedList: 'Неиспользованные купоны',
  giveUp: 'Отказываюсь от этих купонов',
  giveUpMissing: 'Отметьте, что отказываетесь от неиспользованных купонов',
  eraseConfirm: 'УДАЛИТЬ НАВСЕГДА',
  erasing: 'Удаляем…',
  cancel: 'ОТМЕНА',

  erased: 'Ваши данные удалены',
  erasedGone: 'Сервис больше не хранит:',
  get erasedAfter() {
    return `Если вы снова откроете сервис, он будет знать о вас только то, что ${messengerName()} передает при входе.`;
  },
  home: 'НА ГЛАВНУЮ',
} as const;
