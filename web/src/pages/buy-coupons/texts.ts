import { formatRubles, serviceThreshold } from '#contract/coupon-terms';
import { formatRating, type TPartnerRating } from '#contract/ratings';

export const texts = {
  title: 'СГЕНЕРИРОВАТЬ QR',
  region: 'Регион',
  regionPlaceholder: 'Выберите регион',
  partnerType: 'Тип партнера',
  partnerTypePlaceholder: 'Выберите тип',
  chooseRegionFirst: 'Сначала выберите регион',
  showPartners: 'ПОКАЗАТЬ ПАРТНЕРОВ',
  partner: 'Партнер',
  partnerPlaceholder: 'Выберите партнера',
  showOffers: 'ПОКАЗАТЬ СКИДКИ',
  /** Buyers' ratings of their visits, once there are enough of them to say something. */
  rating: (rating: TPartnerRating) => `Оценка покупателей: ${formatRating(rating)}`,
  offers: 'Скидки партнера',
  offerDiscount: (discount: number) => `СКИДКА ПАРТНЕРА ${discount}руб`,
  offerPrice: (price: number) => `Цена:${price}руб`,
  /** The 15 % rule made concrete for the offer's discount. */
  offerThreshold: (discount: number) => `Действует на услуги от ${formatRubles(serviceThreshold(discount))}`,
  offerGain: (price: number, discount: number) =>
    `Вы платите ${formatRubles(price)} — скидка ${formatRubles(discount)} у партнера`,
  discountCap: '* Не более чем 15% от стоимости услуги партнера',
  offerTerms: 'Условия публичной оферты',
  pay: 'ОПЛАТИТЬ И СГЕНЕРИРОВАТЬ QR',
  startingPayment: 'Открываем оплату…',
  paymentOpened: 'Страница оплаты открыта. После оплаты вернитесь сюда.',
  openChat: 'Перейти в сплавной чат',
  noPartners: 'ПАРТНЕРОВ ПОКА НЕТ',
  noOffers: 'КУПОНОВ ПОКА НЕТ',
  /** A limited offer's sale still to open (its button's line is the catalogue feature's). */
  saleStarts: (when: string) => `Продажа начнется ${when}`,
  saleCountdown: (countdown: string) => `До начала продажи: ${countdown}`,
  soldOutNotice:
    'Купоны закончились: их разобрали. Если кто-то не оплатит свой, бот напишет первому в очереди и отложит купон для него.',
  /** Said where someone outside the chat, who may not join the line, meets a sold-out offer. */
  soldOutForGuest: 'Купоны закончились: их разобрали.',
  perBuyer: (perBuyer: number) => `Не больше ${perBuyer} в одни руки`,
  /** On the offer's button, for the member the line holds a unit for. */
  heldOnTile: 'Отложен для вас',
  connecting: 'Соединяемся с сервером, скоро коннект',
} as const;
