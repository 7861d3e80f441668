import { ErrorCode } from '#contract/errors';
import { PurchaseErrorCode } from '#contract/purchases';
import { MEMBERSHIP_UNKNOWN_MESSAGE } from '#contract/session';
import type { Refusals } from '../../http/errors.ts';

export const purchaseTexts = {
  paymentDescription: (offer: { companyName: string; discount: number }) =>
    `Купон «${offer.companyName}»: скидка ${offer.discount} руб`,
  invoiceOfferGone: 'Этот купон больше не продается. Деньги не списаны.',
  invoiceStale: 'Этот счет устарел. Откройте покупку в приложении заново. Деньги не списаны.',
  invoiceNotMember: 'Купить купон могут только участники сплавного чата. Деньги не списаны.',
  invoiceMembershipUnknown: `${MEMBERSHIP_UNKNOWN_MESSAGE} Деньги не списаны.`,
  invoiceSoldOut: 'Купоны закончились, пока открывалась оплата. Деньги не списаны.',
  soldOutRefunded: (offer: { companyName: string; amountRub: number }) =>
    `Купоны «${offer.companyName}» закончились, пока шла оплата: бронь купона истекла, и свободных не осталось. ` +
    `Мы вернули ${offer.amountRub} руб, деньги придут на карту в течение нескольких дней.`,
  /** The provider could not give the money back by itself: the admins were told, and do. */
  soldOutOwed: (offer: { companyName: string; amountRub: number }) =>
    `Купоны «${offer.companyName}» закончились, пока шла оплата: бронь купона истекла, и свободных не осталось. ` +
    `Администраторы уже знают об этом и вернут вам ${offer.amountRub} руб. Бот напишет, когда деньги вернут.`,
} as const;

/** The pages a browser shows outside the mini-app: the sandbox checkout and the return page. */
export const paymentPageTexts = {
  thanks: 'Спасибо!',
  returnToMessenger: (messenger: string) =>
    `Вернитесь в ${messenger} и ответьте «Да» на вопрос «Оплата прошла?».`,
  notFoundTitle: 'Платеж не найден',
  notFound: 'Такого платежа нет.',
  couponFor: (discount: number) => `Купон на скидку ${discount} руб`,
  succeeded: 'Оплата прошла',
  canceled: 'Оплата отменена',
  tryAgain: (messenger: string) => `Вернитесь в ${messenger}, чтобы попробовать снова.`,
  sandboxTitle: 'Тестовая оплата',
  sandboxHint: 'Это тестовая касса: деньги не списываются.',
  pay: 'Оплатить',
  cancel: 'Отменить',
} as const;

export const purchaseRefusals = {
  // A MAX user may have no username at all (MAX's user.username may be null); a gift finds its friend by one too.
  [PurchaseErrorCode.noUsername]: {
    status: 403,
    message: (details) =>
      details.messenger === 'max'
        ? 'Чтобы купить купон или получить его в подарок, задайте никнейм в настройках профиля MAX и откройте приложение заново.'
        : 'Чтобы купить купон, задайте имя пользователя (username) в настройках Telegram и откройте приложение заново.',
  },
  offer_not_on_sale: { status: 404, error: ErrorCode.notFound, message: 'Этот купон не продается' },
  // The link provider (payments/link-provider.ts) refuses a coupon the admin gave no link.
  [PurchaseErrorCode.noPaymentLink]: {
    status: 409,
    message: 'У этого купона нет ссылки на оплату. Напишите администратору.',
  },
  [PurchaseErrorCode.providerUnavailable]: {
    status: 502,
    message: 'Платежный сервис не отвечает. Попробуйте позже.',
  },
  payment_status_unavailable: {
    status: 502,
    error: PurchaseErrorCode.providerUnavailable,
    message: 'Платежный сервис не отвечает. Попробуйте через минуту.',
  },
  [PurchaseErrorCode.amountMismatch]: {
    status: 409,
    message: 'Сумма оплаты не совпадает с ценой купона. Напишите администратору.',
  },
  sold_out_refunded: {
    status: 409,
    error: PurchaseErrorCode.soldOut,
    message:
      // Returned by the provider or by the admins (unsold-refund.ts): the bot's message says which.
      'Купоны закончились, пока шла оплата: бронь купона истекла, и свободных не осталось. Деньги вам вернут, бот пришлет сообщение.',
  },
  [PurchaseErrorCode.notPaid]: {
    status: 402,
    message: 'Оплата не прошла. Попробуйте снова провести оплату.',
  },
  confirm_own_payment_only: {
    status: 403,
    error: ErrorCode.forbidden,
    message: 'Подтвердить можно только свою оплату',
  },
  payment_being_created: {
    status: 409,
    message: 'Оплата еще создается. Подождите несколько секунд и нажмите «Да» снова.',
  },
  test_payment_ignored: {
    status: 409,
    message: 'Это тестовый платеж: купон за него не выдается. Оплатите купон настоящей картой.',
  },
  // The provider sends a notice again when it is not answered 200 (YooKassa: for 24 hours).
  notification_too_soon: {
    status: 503,
    message: 'Уведомление пришло слишком скоро после предыдущего. Повторите позже.',
  },
  notification_sender_refused: {
    status: 403,
    error: ErrorCode.forbidden,
    message: 'Уведомления принимаются только от ЮKassa',
  },
} satisfies Refusals;
export type PurchaseRefusal = keyof typeof purchaseRefusals;
