import { formatRubles } from '#contract/coupon-terms';
import { offerStockText } from '#contract/offer-stock';
import type { TOfferState } from '#contract/offers';
import { formatRating, type TPartnerRating } from '#contract/ratings';

export const texts = {
  title: 'ПАРТНЕРЫ',
  adminsOnly: 'Список партнеров видят только администраторы',
  empty: 'ПАРТНЕРОВ ПОКА НЕТ',
  paused: 'Приостановлен',
  onSale: (count: number) => `Купонов в продаже: ${count}`,
  rating: (rating: TPartnerRating) => `Оценка покупателей: ${formatRating(rating)}`,
  phone: 'Телефон',
  address: 'Адрес',
  email: 'Email',
  spokesman: 'Представитель',
  staff: 'Сотрудники',
  noStaff: 'нет',
  edit: 'Изменить',
  closeEdit: 'Закрыть',
  pause: 'Приостановить',
  resume: 'Возобновить',
  pausedNote: 'Покупатели не видят партнера и его купоны. Купленные купоны действуют.',
  pauseQuestion: (companyName: string) => `Приостановить партнера ${companyName}?`,
  pauseDetail:
    'Покупатели перестанут видеть партнера и его купоны и не смогут их купить. Уже купленные купоны действуют: партнер гасит их как обычно. Вернуть партнера покупателям можно кнопкой «Возобновить».',
  manageStaff: 'Сотрудники',
  offers: 'КУПОНЫ',
  noOffers: 'Купонов нет',
  offerTerms: (discount: number, price: number) => `Скидка ${discount} руб · Цена ${price} руб`,
  offerTermsProblem: (reason: string) => `Не продается. ${reason}`,
  /** What of an offer is sold, held, left and waiting in its line: the reports say it alike. */
  offerStock: offerStockText,
  offerPerBuyer: (perBuyer: number) => `В одни руки: не больше ${perBuyer}`,
  offerSaleStarts: (when: string) => `Продажа с ${when}`,
  offerStates: {
    pending: 'Ждет решения',
    on_sale: 'В продаже',
    rejected: 'Отклонен',
    withdrawn: 'Снят с продажи',
  } satisfies Record<TOfferState, string>,
  /** On sale, but past its last day: no buyer sees it. */
  offerEnded: 'Срок истек',
  noTimeLimit: 'Срок не ограничен',
  noPaymentLink: 'Ссылка на оплату не задана',
  withdraw: 'Снять с продажи',
  reopen: 'Вернуть в продажу',
  withdrawQuestion: (discount: number) => `Снять с продажи купон на скидку ${formatRubles(discount)}?`,
  withdrawDetail:
    'Покупатели перестанут видеть этот купон и не смогут его купить. Уже купленные купоны действуют до конца своего срока. Вернуть купон можно кнопкой «Вернуть в продажу».',
  changeOffer: 'Срок и ссылка',
  /** With a provider that takes the money itself, an offer has no link of its own to change. */
  changeValidity: 'Изменить срок',
  paymentLink: 'Ссылка на оплату',
  validUntil: 'Последний день действия',
  validDays: 'Дней после покупки',
  validityNote: 'Пустое поле: без ограничения. Купленные раньше купоны сохраняют свой срок.',
  save: 'СОХРАНИТЬ',
  cancel: 'Отмена',
  saved: 'Сохранено',
} as const;
