import { ErrorCode } from '#contract/errors';
import type { Refusals } from '../../http/errors.ts';

export const devLoginRefusals = {
  demo_user_not_found: { status: 404, error: ErrorCode.notFound, message: 'Нет такого демо-пользователя' },
  message_not_found: {
    status: 404,
    error: ErrorCode.notFound,
    message: 'В чате нет такого сообщения или кнопки: обновите чат',
  },
  no_local_max: {
    status: 404,
    error: ErrorCode.notFound,
    message: 'Локальный MAX не запущен: задан MAX_BOT_TOKEN',
  },
} satisfies Refusals;

/** Who opens an invitation in the stand-in: a person the app has never seen. */
export const standInPerson = { firstName: 'Друг', usernamePrefix: 'drug_' } as const;
export type DevLoginRefusal = keyof typeof devLoginRefusals;
