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
  [ReportErrorCode.busy]: {
    status: 429,
    message: 'Ваши отчеты уже готовятся: дождитесь их и попробуйте снова',
  },
  not_your_report: { status: 403, message: 'Это отчет другого партнера' },
} satisfies Refusals;
export type ReportRefusal = keyof typeof reportRefusals;
