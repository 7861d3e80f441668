/** Changing a word below is a new edition: change the date too (section 7 counts from it). */
export const OFFER_EDITION = 'Редакция от 22 ноября 2026 г.';

export const offerTexts = {
  title: 'Публичная оферта',
  close: 'Закрыть',
  link: 'Публичная оферта',
  heading: 'Договор-оферта о продаже купонов на скидку у партнеров сервиса «Катайся с нами»',
  edition: OFFER_EDITION,
  detailsFailed: 'Реквизиты продавца не загрузились. Проверьте соединение и откройте оферту еще раз.',
} as const;
