import { NOT_CHAT_MEMBER_MESSAGE } from '#contract/session';
import { formatDay } from '@/lib/dates';

const dayForms = new Intl.PluralRules('ru-RU');
const DAY_WORDS: Partial<Record<Intl.LDMLPluralRule, string>> = { one: 'день', few: 'дня', many: 'дней' };
const days = (count: number) => `${count} ${DAY_WORDS[dayForms.select(count)] ?? 'дня'}`;

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
  offers: 'Скидки партнера',
  offerDiscount: (discount: number) => `СКИДКА ПАРТНЕРА ${discount}руб`,
  offerPrice: (price: number) => `Цена:${price}руб`,
  /** How long the coupon bought now stays valid, said before paying; '' when it never expires. */
  offerValidity: ({ validUntil, validDays }: { validUntil: string | null; validDays: number | null }) =>
    validDays !== null && validUntil !== null
      ? `Действует ${days(validDays)} после покупки, но не позже ${formatDay(validUntil)}`
      : validDays !== null
        ? `Действует ${days(validDays)} после покупки`
        : validUntil !== null
          ? `Действует до ${formatDay(validUntil)}`
          : '',
  discountCap: '* Не более чем 15% от стоимости услуги партнера',
  offerTerms: 'Условия публичной оферты',
  pay: 'ОПЛАТИТЬ И СГЕНЕРИРОВАТЬ QR',
  startingPayment: 'Открываем оплату…',
  paymentOpened: 'Страница оплаты открыта. После оплаты вернитесь сюда.',
  paymentNotOpened: 'Не удалось открыть страницу оплаты. Попробуйте ещё раз.',
  notChatMember: NOT_CHAT_MEMBER_MESSAGE,
  openChat: 'Перейти в сплавной чат',
  noPartners: 'ПАРТНЕРОВ ПОКА НЕТ',
  noOffers: 'КУПОНОВ ПОКА НЕТ',
  loading: 'Загрузка…',
  connecting: 'Соединяемся с сервером, скоро коннект',
} as const;
