import { ErrorCode } from '#contract/errors';
import type { Refusals } from '../../http/errors.ts';

export const myCouponsRefusals = {
  owner_not_found: { status: 404, error: ErrorCode.notFound, message: 'Нет такого пользователя' },
  qr_not_found: { status: 404, error: ErrorCode.notFound, message: 'Такого QR-кода нет' },
} satisfies Refusals;
export type MyCouponsRefusal = keyof typeof myCouponsRefusals;
