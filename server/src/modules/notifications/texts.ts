/** Every message the bot sends about an event, in one place: a wording fix is one edit here. */

import { formatRubles, serviceThreshold } from '#contract/coupon-terms';
import { ErrorCode } from '#contract/errors';
import type { MessageButton } from '../../domain/messenger.ts';
import type { Refusals } from '../../http/errors.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import type { CouponLine } from '../purchased-coupons/purchased-coupons.query.ts';

const rub = (amount: number) => `${amount} руб.`;
const who = (username: string | null, firstName?: string) =>
  username ? `@${username}` : firstName?.trim() || 'участник чата';

const coupon = ({ companyName, region }: CouponLine) => `«${companyName}»${region ? ` (${region})` : ''}`;
/** «, купленный ДД.ММ.ГГГГ,» after the discount: tells two coupons of one offer apart. */
const bought = ({ boughtOn }: CouponLine) => (boughtOn ? `, купленный ${boughtOn},` : '');

const couponForms = new Intl.PluralRules('ru');
/** «3 купона», «5 купонов»: how many of one kind. */
const couponsCount = (count: number) =>
  `${count} ${{ one: 'купон', few: 'купона' }[couponForms.select(count) as 'one' | 'few'] ?? 'купонов'}`;

/** Items that would read alike (the same `key`), each once with how many: one line, not three the same. */
function likeSummed<Item>(items: readonly Item[], key: (item: Item) => string) {
  const summed = new Map<string, { one: Item; count: number }>();
  for (const item of items) {
    const like = summed.get(key(item));
    if (like) like.count += 1;
    else summed.set(key(item), { one: item, count: 1 });
  }
  return [...summed.values()];
}

/** Why the admins return the money of a payment left without a unit, and where it was paid. */
const UNSOLD_REFUND_WAYS: Record<PaymentProvider['name'], string> = {
  link: 'Оплата была по ссылке: вернуть ее может только администратор.',
  telegram: 'Оплата была в Telegram: верните ее в личном кабинете ЮKassa.',
  yookassa: 'ЮKassa не приняла возврат.',
  sandbox: 'Песочница не приняла возврат.',
};

export const notificationTexts = {
  giftReceived: (input: { fromUsername: string | null; fromFirstName?: string; coupon: CouponLine }) =>
    `Подарок от ${who(input.fromUsername, input.fromFirstName)}: купон ${coupon(input.coupon)} ` +
    `на скидку ${rub(input.coupon.discount)}\nQR уже в разделе «Мои QR».`,

  giftClaimedForGiver: (input: { toUsername: string; coupon: CouponLine }) =>
    `@${input.toUsername} открыл приложение и получил ваш подарок: купон ${coupon(input.coupon)} ` +
    `на скидку ${rub(input.coupon.discount)}`,

  giftReturned: (input: { toUsername: string; coupon: CouponLine }) =>
    `Подарок для @${input.toUsername} не забрали за 7 дней: купон ${coupon(input.coupon)} ` +
    `на скидку ${rub(input.coupon.discount)} снова ваш, с новым QR.`,

  offlineConflict: (input: { partner: string; coupon: CouponLine; what: string }) =>
    `Погашение без связи не принято: ${input.partner} погасил купон ${coupon(input.coupon)} ` +
    `на скидку ${rub(input.coupon.discount)}, но ${input.what}. Разберитесь с партнером и покупателем.`,

  couponRedeemed: (input: { coupon: CouponLine }) =>
    `Ваш купон ${coupon(input.coupon)} на скидку ${rub(input.coupon.discount)}${bought(input.coupon)} погашен партнером.`,

  /** A redemption after an undo of an earlier one: said as what happened, not as a first. */
  couponRedeemedAgain: (input: { coupon: CouponLine }) =>
    `Ваш купон ${coupon(input.coupon)} на скидку ${rub(input.coupon.discount)}${bought(input.coupon)} снова погашен партнером ` +
    'после отмены прошлого погашения.',

  redemptionUndone: (input: { coupon: CouponLine }) =>
    `Погашение отменено: купон снова действует. Купон ${coupon(input.coupon)} на скидку ` +
    `${rub(input.coupon.discount)}${bought(input.coupon) || ','} QR прежний.`,

  couponRequested: (input: {
    companyName: string;
    price: number;
    discount: number;
    requestedBy: string | null;
  }) =>
    `Новая заявка на купон от ${who(input.requestedBy)}: «${input.companyName}», ` +
    `цена ${rub(input.price)}, скидка ${rub(input.discount)}`,

  requestAccepted: (input: { companyName: string; price: number; discount: number }) =>
    `Заявка на купон «${input.companyName}» (цена ${rub(input.price)}, скидка ${rub(input.discount)}) принята: ` +
    'купон уже в продаже.',

  requestRejected: (input: { companyName: string; price: number; discount: number }) =>
    `Заявка на купон «${input.companyName}» (цена ${rub(input.price)}, скидка ${rub(input.discount)}) отклонена.`,

  unverifiedPurchase: (input: {
    buyerUsername: string | null;
    buyerFirstName: string;
    coupon: CouponLine;
    amountRub: number;
  }) =>
    `Купон выдан по слову покупателя (оплата по ссылке): ${who(input.buyerUsername, input.buyerFirstName)}, ` +
    `${coupon(input.coupon)}, ${rub(input.amountRub)}\nСверьте с поступлением на счет.`,

  couponRefunded: (input: { coupon: CouponLine; amountRub: number }) =>
    `Деньги за купон ${coupon(input.coupon)} на скидку ${rub(input.coupon.discount)} возвращены: ` +
    `${rub(input.amountRub)} Купон больше не действует.`,

  /** To whoever paid for a coupon someone else holds now: the money is theirs. */
  giftRefundedToPayer: (input: { coupon: CouponLine; amountRub: number }) =>
    `Деньги за подаренный вами купон ${coupon(input.coupon)} на скидку ${rub(input.coupon.discount)} ` +
    `возвращаются вам: ${rub(input.amountRub)} Купон больше не действует.`,

  /** To whoever holds a coupon given to them, whose money went back to the one who paid. */
  giftRefundedToHolder: (input: { coupon: CouponLine }) =>
    `Купон ${coupon(input.coupon)} на скидку ${rub(input.coupon.discount)}, который вам подарили, ` +
    'больше не действует: деньги за него вернули тому, кто его оплатил.',

  refundRequested: (input: {
    buyerUsername: string | null;
    buyerFirstName: string;
    coupon: CouponLine;
    amountRub: number;
  }) =>
    `${who(input.buyerUsername, input.buyerFirstName)} просит вернуть деньги за купон ${coupon(input.coupon)} ` +
    `на скидку ${rub(input.coupon.discount)}: ${rub(input.amountRub)} (оплата по ссылке, купон уже не действует).\n` +
    'Верните их и отметьте возврат в разделе «Покупки».',

  unsoldRefundAsked: (input: {
    buyerUsername: string | null;
    buyerFirstName: string;
    coupon: CouponLine;
    amountRub: number;
    provider: PaymentProvider['name'];
  }) =>
    `${who(input.buyerUsername, input.buyerFirstName)} заплатил ${rub(input.amountRub)} за купон ` +
    `${coupon(input.coupon)} на скидку ${rub(input.coupon.discount)}, но купоны закончились, пока шла оплата, ` +
    `и купон не выдан. ${UNSOLD_REFUND_WAYS[input.provider]}\n` +
    'Верните деньги и отметьте возврат в разделе «Покупки».',

  unsoldRefundSettled: (input: { coupon: CouponLine; amountRub: number }) =>
    `Администратор вернул вам ${rub(input.amountRub)} за купон ${coupon(input.coupon)} на скидку ` +
    `${rub(input.coupon.discount)}: купоны закончились, пока шла оплата.`,

  couponVoided: (input: { coupon: CouponLine }) =>
    `Купон ${coupon(input.coupon)} на скидку ${rub(input.coupon.discount)} аннулирован: ` +
    'оплата за него не поступила. Если вы платили, напишите администратору чата.',

  giftVoidedToPayer: (input: { coupon: CouponLine }) =>
    `Подаренный вами купон ${coupon(input.coupon)} на скидку ${rub(input.coupon.discount)} аннулирован: ` +
    'оплата за него не поступила. Если вы платили, напишите администратору чата.',

  giftVoidedToHolder: (input: { coupon: CouponLine }) =>
    `Купон ${coupon(input.coupon)} на скидку ${rub(input.coupon.discount)}, который вам подарили, ` +
    'аннулирован и больше не действует: оплата за него не поступила.',

  couponExpiring: (input: { coupon: CouponLine; lastDay: string }) =>
    `Купон ${coupon(input.coupon)} на скидку ${rub(input.coupon.discount)} действует до ${input.lastDay} ` +
    'включительно. Не забудьте показать QR партнеру.',

  giftReturning: (input: { toUsername: string; coupon: CouponLine }) =>
    `Подарок для @${input.toUsername} пока не забрали: купон ${coupon(input.coupon)} на скидку ` +
    `${rub(input.coupon.discount)} вернется к вам в течение суток. Напомните другу открыть приложение.`,

  /** Several reminders to one person in one sweep, one line each (one alone keeps its own text above). */
  remindersDigest: (input: {
    expiring: Array<{ coupon: CouponLine; lastDay: string }>;
    returning: Array<{ toUsername: string; coupon: CouponLine }>;
  }) =>
    [
      input.returning.length === 0
        ? `Скоро заканчиваются ваши купоны (${input.expiring.length}):`
        : `Напоминания (${input.expiring.length + input.returning.length}):`,
      ...likeSummed(
        input.expiring,
        (e) => `${coupon(e.coupon)} на скидку ${rub(e.coupon.discount)} до ${e.lastDay}`,
      ).map(({ one: e, count }) =>
        count === 1
          ? `• ${coupon(e.coupon)} на скидку ${rub(e.coupon.discount)} действует до ${e.lastDay} включительно`
          : `• ${couponsCount(count)} ${coupon(e.coupon)} на скидку ${rub(e.coupon.discount)} действуют до ` +
            `${e.lastDay} включительно`,
      ),
      ...input.returning.map(
        (r) =>
          `• подарок для @${r.toUsername} пока не забрали: купон ${coupon(r.coupon)} на скидку ` +
          `${rub(r.coupon.discount)} вернется к вам в течение суток`,
      ),
      ...(input.expiring.length > 0 ? ['Не забудьте показать QR партнеру.'] : []),
      ...(input.returning.length > 0 ? ['Напомните друзьям открыть приложение.'] : []),
    ].join('\n'),

  /** Right after its redemption's «погашен», which names the coupon: the ask names the visit's day. */
  visitRatingAsked: (input: { coupon: CouponLine; visitedOn: string }) =>
    `Как прошло у партнера ${coupon(input.coupon)} ${input.visitedOn}? Оцените визит от 1 до 5.`,

  purchaseConfirmed: (input: { coupon: CouponLine }) =>
    `Оплата прошла, купон ваш: ${coupon(input.coupon)}, скидка ${rub(input.coupon.discount)}\n` +
    `Скидка действует на услуги от ${formatRubles(serviceThreshold(input.coupon.discount))} (не более 15% их стоимости).\n` +
    'Покажите QR партнеру для получения скидки.',
} as const;

/** Buttons of reminders and ratings, which carry their own links and callback data. */
export const reminderButtons = {
  openQr: 'Открыть QR',
  myCoupons: 'Мои QR',
  turnOff: 'Не напоминать',
} as const;

/** Buttons into the app: a label and the app's route (web/src/config/paths.ts) they open. */
export const notificationButtons = {
  myCoupons: { text: 'Мои QR', app: '/my-coupons' },
  requestList: { text: 'Список заявок', app: '/request-coupons' },
  newRequest: { text: 'Новая заявка', app: '/add-coupon' },
  purchases: { text: 'Покупки', app: '/purchases' },
} as const satisfies Record<string, MessageButton>;

/** ДД.ММ.ГГГГ of a `YYYY-MM-DD` day, as the QR writes its date. */
const day = (isoDay: string) => isoDay.split('-').reverse().join('.');

/** Why a QR photo in the chat no longer works, as its edited caption says first. */
export type QrPhotoVoid =
  | { kind: 'gifted' }
  | { kind: 'replaced' }
  | { kind: 'redeemed'; on: string }
  | { kind: 'refunded' }
  | { kind: 'voided' }
  | { kind: 'refund-pending' }
  | { kind: 'expired'; lastDay: string }
  | { kind: 'unknown' };

/** The caption of a coupon's QR sent as a photo: what the coupon is, and what its QR is worth now. */
export const qrPhotoTexts = {
  valid: (input: { coupon: CouponLine; lastDay: string | null }) =>
    `Купон ${coupon(input.coupon)}: скидка ${formatRubles(input.coupon.discount)}\n` +
    `Действует на услуги от ${formatRubles(serviceThreshold(input.coupon.discount))} (не более 15% их стоимости).\n` +
    (input.lastDay ? `Последний день: ${day(input.lastDay)}.\n` : 'Срок действия не ограничен.\n') +
    'Покажите этот QR партнеру. Фото остается в этом чате, его можно открыть и без связи.',

  void: (input: { coupon?: CouponLine; why: QrPhotoVoid }) =>
    qrPhotoTexts.why(input.why) +
    (input.coupon ? `\nКупон ${coupon(input.coupon)}: скидка ${formatRubles(input.coupon.discount)}` : ''),

  why: (why: QrPhotoVoid): string => {
    switch (why.kind) {
      case 'gifted':
        return 'Этот QR больше не действует: вы подарили купон.';
      case 'replaced':
        return 'Этот QR больше не действует: у купона новый QR, он в разделе «Мои QR».';
      case 'redeemed':
        return `Этот QR больше не действует: купон погашен ${why.on}.`;
      case 'refunded':
        return 'Этот QR больше не действует: деньги за купон возвращены.';
      case 'voided':
        return 'Этот QR больше не действует: купон аннулирован.';
      case 'refund-pending':
        return 'Этот QR сейчас не действует: идет возврат денег за купон.';
      case 'expired':
        return `Этот QR больше не действует: срок купона закончился ${day(why.lastDay)}.`;
      case 'unknown':
        return 'Этот QR больше не действует.';
    }
  },
} as const;

/** The admin's list of given-up messages: what a photo row was, which has no words of its own. */
export const undeliveredTexts = {
  qrPhoto: 'Фото QR-кода купона',
  qrCaption: 'Обновление подписи под фото QR-кода',
} as const;

export const notificationRefusals = {
  undelivered_message_not_found: {
    status: 404,
    error: ErrorCode.notFound,
    message: 'Такого недоставленного сообщения нет',
  },
} satisfies Refusals;
export type NotificationRefusal = keyof typeof notificationRefusals;
