import { ErrorCode } from '#contract/errors';
import type { Refusals } from '../../http/errors.ts';

export const geoRefusals = {
  unknown_time_zone: {
    status: 400,
    error: ErrorCode.badRequest,
    message: 'Неизвестный часовой пояс',
    field: 'tz',
  },
  track_not_found: { status: 404, error: ErrorCode.notFound, message: 'За этот день маршрута нет' },
  gpx_link_expired: {
    status: 404,
    error: ErrorCode.notFound,
    message: 'Ссылка на файл устарела: получите новую',
  },
} satisfies Refusals;
export type GeoRefusal = keyof typeof geoRefusals;
