import { ReportErrorCode } from '#contract/reports';
import type { Refusals } from '../../http/errors.ts';

export const reportRefusals = {
  [ReportErrorCode.exportLinkExpired]: {
    status: 410,
    message: 'Ссылка на файл устарела: выгрузите отчет еще раз',
  },
  [ReportErrorCode.botUnavailable]: {
    status: 503,
    message: 'Бот сейчас не может отправить файл. Попробуйте позже или откройте приложение в браузере',
  },
  not_your_report: { status: 403, message: 'Это отчет другого партнера' },
} satisfies Refusals;
export type ReportRefusal = keyof typeof reportRefusals;

/** Russian names of the audit events, for the export. */
export const auditKindTexts: Record<string, string> = {
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
