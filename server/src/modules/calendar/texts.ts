import { ErrorCode } from '#contract/errors';
import type { Refusals } from '../../http/errors.ts';

export const calendarRefusals = {
  calendar_link_not_found: {
    status: 404,
    error: ErrorCode.notFound,
    message: 'Такого календаря нет: его уже удалили?',
  },
} satisfies Refusals;
export type CalendarRefusal = keyof typeof calendarRefusals;
