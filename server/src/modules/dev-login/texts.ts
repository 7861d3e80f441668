import { ErrorCode } from '#contract/errors';
import type { Refusals } from '../../http/errors.ts';

export const devLoginRefusals = {
  demo_user_not_found: { status: 404, error: ErrorCode.notFound, message: 'Нет такого демо-пользователя' },
} satisfies Refusals;
export type DevLoginRefusal = keyof typeof devLoginRefusals;
