import { ErrorCode } from '#contract/errors';
import { PhotoErrorCode } from '#contract/photo';
import type { Refusals } from '../../http/errors.ts';

export const photoRefusals = {
  [PhotoErrorCode.directoryExists]: {
    status: 409,
    message: ({ region, month, organizer }) =>
      `Папка уже есть: «${region}», месяц ${month}${organizer ? `, организатор «${organizer}»` : ', без организатора'}`,
    field: 'region',
  },
  photo_directory_not_found: {
    status: 404,
    error: ErrorCode.notFound,
    message: 'Такой папки с фото нет: ее уже удалили?',
  },
} satisfies Refusals;
export type PhotoRefusal = keyof typeof photoRefusals;
