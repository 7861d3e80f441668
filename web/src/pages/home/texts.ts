export const texts = {
  coupons: 'СКИДКИ ПАРТНЕРОВ',
  photo: 'ОБМЕН ФОТО',
  calendar: 'ВОДНЫЙ КАЛЕНДАРЬ',
  geo: 'ГЕО-СЕРВИС',
  addPartner: 'ДОБАВЛЕНИЕ ПАРТНЕРА',
  addCoupon: 'ДОБАВЛЕНИЕ КУПОНА',
  communityLinks: 'КАЛЕНДАРИ И ФОТО',
  privacy: 'Политика конфиденциальности',
  myData: 'Мои данные',
} as const;
