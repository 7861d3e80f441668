export const texts = {
  title: 'МОИ QR',
  showToPartner: 'Покажите QR партнеру для получения скидки.',
  gift: 'Подарить другу',
  home: 'НА ГЛАВНУЮ СТРАНИЦУ',
  noQr: 'QR ПОКА НЕТ',
  offline: 'нет связи — показан сохранённый QR',
  loading: 'Загружаем ваши QR',
  previous: 'Предыдущий QR',
  next: 'Следующий QR',
} as const;
