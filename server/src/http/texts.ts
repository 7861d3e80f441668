import { ErrorCode } from '#contract/errors';
import type { Refusals } from './errors.ts';

/** What the error handler itself says: bad input, no such address, our own failure. */
export const httpTexts = {
  badRequest: 'Неверный запрос',
  badField: (field: string) => `Неверное значение поля «${field}»`,
  noSuchAddress: (method: string, url: string) => `Нет такого адреса: ${method} ${url}`,
  internal: 'Внутренняя ошибка сервера. Попробуйте позже.',
  databaseUnavailable: 'База данных не отвечает. Попробуйте через минуту.',
  serverBusy: 'Сейчас слишком много желающих. Попробуйте через минуту.',
} as const;

/** Refusals of the app's gates, before any module: roles, CSRF, rate limits, init data. */
export const httpRefusals = {
  [ErrorCode.forbidden]: { status: 403, message: 'Недостаточно прав для этого действия' },
  [ErrorCode.csrfInvalid]: { status: 403, message: 'Сессия обновилась. Повторите действие.' },
  [ErrorCode.tooManyRequests]: {
    status: 429,
    message: 'Слишком много попыток подряд. Подождите несколько минут и попробуйте снова.',
  },
  // `messenger`: the name of the messenger whose launch it was, when the thrower knows it.
  [ErrorCode.initDataMissing]: {
    status: 401,
    message: ({ messenger = 'Telegram' }) => `Откройте приложение из ${messenger}: нет данных входа.`,
  },
  [ErrorCode.initDataExpired]: {
    status: 401,
    message: 'Сессия устарела: закройте приложение и откройте его снова.',
  },
  // PostgreSQL text cannot hold U+0000 (http/nul-guard.ts); the field is named in the answer.
  nul_character: {
    status: 400,
    error: ErrorCode.badRequest,
    message: ({ field }) => `Недопустимый символ (NUL) в поле «${field}»`,
  },
  [ErrorCode.initDataInvalid]: {
    status: 401,
    message: ({ messenger = 'Telegram' }) =>
      `Не удалось проверить данные ${messenger}. Откройте приложение заново.`,
  },
} satisfies Refusals;
export type HttpRefusal = keyof typeof httpRefusals;
