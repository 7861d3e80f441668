import type { TAuditKind } from '#contract/reports';

/** Russian names of what the audit log records (the server's CSV export names them alike). */
export const auditKindTexts: Record<TAuditKind, string> = {
  'payment.started': 'Начата оплата',
  'payment.succeeded': 'Оплата прошла',
  'payment.canceled': 'Оплата отменена',
  'coupon.issued': 'Купон выдан',
  'coupon.gifted': 'Купон подарен',
  'coupon.redeemed': 'Купон погашен',
  'coupon.undone': 'Погашение отменено',
  'coupon.expired': 'Срок действия истёк',
  'coupon.refunded': 'Деньги возвращены',
  'coupon.voided': 'Купон аннулирован',
  'refund.requested': 'Запрошен возврат',
  'offer.requested': 'Заявка на купон',
  'offer.accepted': 'Заявка принята',
  'offer.rejected': 'Заявка отклонена',
  'offer.withdrawn': 'Купон снят с продажи',
  'offer.reopened': 'Купон снова в продаже',
  'offer.changed': 'Купон изменен',
  'partner.added': 'Партнер добавлен',
  'partner.edited': 'Партнер изменен',
  'partner.paused': 'Партнер приостановлен',
  'partner.resumed': 'Партнер возобновлен',
  'staff.changed': 'Сотрудники изменены',
};

const isAuditKind = (kind: string): kind is TAuditKind => Object.hasOwn(auditKindTexts, kind);

/** A kind's Russian name; a kind this app does not know yet shows as the server names it. */
export const auditKindText = (kind: string) => (isAuditKind(kind) ? auditKindTexts[kind] : kind);
