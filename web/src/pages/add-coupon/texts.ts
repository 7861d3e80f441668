import { formatRubles, serviceThreshold } from '#contract/coupon-terms';

export const texts = {
  title: 'Добавление купона',
  price: 'Цена купона, руб',
  priceNote: 'Столько покупатель платит за купон.',
  discount: 'Скидка, руб',
  discountNote: 'Столько рублей партнер снимает со счета покупателя.',
  /** What the coupon means to a buyer, as the partner types. */
  gain: (price: number, discount: number) =>
    `Покупатель платит ${formatRubles(price)} — скидка ${formatRubles(discount)} у партнера.`,
  threshold: (discount: number) =>
    `По правилу 15% скидка действует на услуги от ${formatRubles(serviceThreshold(discount))}.`,
  partner: 'Партнер',
  partnerPlaceholder: 'Выберите партнера',
  partnersOnly: 'Заявку на купон отправляют только партнеры и администраторы.',
  noPartners: 'Партнеров пока нет: сначала добавьте партнера',
  submit: 'ДОБАВИТЬ КУПОН',
  sending: 'Отправка…',
  sent: 'Заявка отправлена',
  failed: 'Не удалось отправить заявку',
  requestList: 'Список заявок',
} as const;
