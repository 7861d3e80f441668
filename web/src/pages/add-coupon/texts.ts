export const texts = {
  title: 'Добавление купона',
  price: 'Стоимость купона, руб',
  discount: 'Скидка, руб',
  partner: 'Партнер',
  partnerPlaceholder: 'Выберите партнера',
  loading: 'Загрузка...',
  noPartners: 'Партнеров пока нет: сначала добавьте партнера',
  submit: 'ДОБАВИТЬ КУПОН',
  sending: 'Отправка…',
  sent: 'Заявка отправлена',
  failed: 'Не удалось отправить заявку',
  requestList: 'Список заявок',
} as const;
