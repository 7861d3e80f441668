import { formatRubles } from './coupon-terms.ts';
import { formatDateTimeIn, formatDay, zoneNote } from './date-time.ts';
import { PAYMENT_PROVIDER_NAMES } from './payment-provider-names.ts';

/**
 * An audit event's details as an admin reads them, on the screen and in the CSV's «Подробности»
 * alike: Russian names, money in roubles, times on the report's clock with whose clock it is,
 * people with «@», and nothing an admin cannot use (internal ids, a payment's UUID, JSON).
 */

type Shown = (value: unknown, timeZone: string) => string;

const text = (value: unknown): string => (value === null || value === '' ? '—' : String(value));
const rubles: Shown = (value) => (typeof value === 'number' ? formatRubles(value) : text(value));
const flag: Shown = (value) => (value === true ? 'да' : value === false ? 'нет' : text(value));
const moment: Shown = (value, timeZone) => {
  if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) return text(value);
  const at = new Date(value);
  return `${formatDateTimeIn(at, timeZone)} ${zoneNote(timeZone, at)}`;
};
const day: Shown = (value) =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDay(value) : text(value);
const numbered: Shown = (value) => `№\u00a0${text(value)}`;
const listOf =
  (each: (item: string) => string): Shown =>
  (value) =>
    Array.isArray(value) && value.length > 0 ? value.map((item) => each(String(item))).join(', ') : '—';
const named =
  (names: Record<string, string>): Shown =>
  (value) =>
    typeof value === 'string' ? (names[value] ?? value) : text(value);
const username = (name: string) => (name.startsWith('@') ? name : `@${name}`);

/** A bought coupon's stored status, as the back office names it. */
const STATUS_NAMES: Record<string, string> = {
  NOT_USED: 'не использован',
  USED: 'использован',
  REFUNDED: 'деньги возвращены',
  VOID: 'аннулирован',
  EXPIRED: 'срок истек',
  REFUND_PENDING: 'деньги возвращаются',
};

/** A partner's fields, as its form names them: what «изменено» lists. */
const PARTNER_FIELD_NAMES: Record<string, string> = {
  region: 'регион',
  companyName: 'название',
  partnerType: 'тип',
  phoneNumber: 'телефон',
  address: 'адрес',
  email: 'email',
  spokesmanNickname: 'представитель',
  inn: 'ИНН',
  discountConditions: 'условия скидки',
};

/**
 * Every key the server writes into an event's details (audit-log.ts's callers), with its Russian
 * name and how its value reads; `null`: left out, an id only the database can use.
 */
const DETAILS: Record<string, readonly [label: string, shown: Shown] | null> = {
  amount: ['сумма', rubles],
  price: ['цена', rubles],
  discount: ['скидка', rubles],
  provider: ['платежный сервис', named(PAYMENT_PROVIDER_NAMES)],
  offer: ['купон', text],
  offerId: ['купон', numbered],
  purchase: ['купленный купон', text],
  purchasedCouponId: null,
  owner: ['владелец', text],
  ownerId: ['владелец', numbered],
  toUser: ['кому', text],
  toUserId: ['кому', numbered],
  partner: ['партнер', text],
  partnerId: ['партнер', numbered],
  paymentLink: ['ссылка на оплату', text],
  validUntil: ['действует до', day],
  validDays: ['дней после покупки', text],
  quantity: ['всего купонов', text],
  perBuyer: ['в одни руки', text],
  saleStartsAt: ['начало продажи', moment],
  status: ['статус', named(STATUS_NAMES)],
  used: ['был погашен', flag],
  refunded: ['деньги возвращены', flag],
  outside: ['вне платежного сервиса', flag],
  byBuyer: ['по просьбе покупателя', flag],
  offline: ['без связи', flag],
  redeemedAt: ['погашен', moment],
  what: ['ответ', text],
  reason: ['причина', text],
  changed: ['изменено', listOf((field) => PARTNER_FIELD_NAMES[field] ?? field)],
  added: ['добавлены', listOf(username)],
  removed: ['убраны', listOf(username)],
  paymentId: null,
  refundId: null,
  giftId: null,
  nonce: null,
  chatId: null,
  kind: null,
};

/** Whether the audit log knows how to say `key`: a key it does not know would show as written. */
export const isKnownAuditDetail = (key: string) => key in DETAILS;

/** An event's details as one line, «сумма: 5 000 руб; платежный сервис: ЮKassa»; empty when none is worth saying. */
export const auditDetailsText = (details: Record<string, unknown>, timeZone: string) =>
  Object.entries(details)
    .flatMap(([key, value]) => {
      const known = DETAILS[key];
      if (known === null) return [];
      const [label, shown] = known ?? [key, text];
      return [`${label}: ${shown(value, timeZone)}`];
    })
    .join('; ');

/** What the subject's type is, before its name: «Покупка Рафт-школа «Порог»: …». */
const SUBJECT_TYPES: Record<string, string> = {
  purchase: 'Покупка',
  payment: 'Платеж',
  offer: 'Купон',
  partner: 'Партнер',
  notification: 'Сообщение бота',
  person: 'Человек',
};

/**
 * What an event is about as people read it: «Купон Рафт-школа «Порог»: скидка 500 руб за 150 руб»,
 * not «offer:11». Once the row it named is gone, a number shows as «№ 11», a UUID not at all.
 */
export function auditSubjectText({ subject, subjectName }: { subject: string; subjectName: string | null }) {
  const [type = '', ...rest] = subject.split(':');
  const kind = SUBJECT_TYPES[type];
  if (!kind) return subjectName ?? subject;
  if (subjectName) return `${kind} ${subjectName}`;
  const id = rest.join(':');
  return /^\d+$/.test(id) ? `${kind} №\u00a0${id}` : `${kind} (запись удалена)`;
}
