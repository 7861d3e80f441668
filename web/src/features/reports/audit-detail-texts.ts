/** Russian names of what the audit log notes beside an event; a key not named here shows as it is. */
const DETAIL_LABELS: Record<string, string> = {
  amount: 'сумма',
  provider: 'платежный сервис',
  offer: 'купон',
  offerId: 'купон №',
  purchase: 'купленный купон',
  paymentId: 'платеж',
  owner: 'владелец',
  ownerId: 'владелец (id)',
  toUser: 'кому',
  toUserId: 'кому (id)',
  partner: 'партнер',
  partnerId: 'партнер №',
  price: 'цена',
  discount: 'скидка',
  paymentLink: 'ссылка на оплату',
  validUntil: 'действует до',
  validDays: 'дней после покупки',
  status: 'статус',
  used: 'был погашен',
  changed: 'изменено',
  added: 'добавлены',
  removed: 'убраны',
  refundId: 'возврат',
  outside: 'вне платежного сервиса',
  reason: 'причина',
};

function valueText(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'да' : 'нет';
  if (value === null) return '—';
  if (Array.isArray(value)) return value.map(valueText).join(', ') || '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** An event's details as one line: «сумма: 5000; платежный сервис: sandbox». */
export const auditDetailsText = (details: Record<string, unknown>) =>
  Object.entries(details)
    .map(([key, value]) => `${DETAIL_LABELS[key] ?? key}: ${valueText(value)}`)
    .join('; ');
