import { formatRubles } from '#contract/coupon-terms';

export const texts = {
  title: 'Список заявок на добавление купонов',
  adminsOnly: 'Заявки на купоны рассматривают только администраторы.',
  empty: 'Заявок нет.',
  price: 'Стоимость',
  discount: 'Скидка',
  /** Where the 15 % rule lets the discount apply, and what the buyer saves on top of the price. */
  threshold: 'На услуги',
  gain: 'Выгода покупателя',
  rubles: formatRubles,
  fromRubles: (amount: number) => `от ${formatRubles(amount)}`,
  accept: 'принять',
  reject: 'отклонить',
  confirm: 'подтвердить',
  cancel: 'отменить',
  paymentLink: 'Ссылка на оплату',
  /** The partner's limits, as asked: how many in all, to one person, and from when. */
  quantity: 'Всего купонов',
  perBuyer: 'В одни руки',
  saleStartsAt: 'Продажа с',
  pieces: (count: number) => `${count} шт`,
  unknownError: 'неизвестная ошибка',
} as const;
