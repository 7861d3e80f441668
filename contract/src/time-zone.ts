/**
 * Where a period's days begin and end unless REPORT_TIME_ZONE says otherwise. Apart from dates.ts
 * and its zod schemas: the web's date formatting reads it without loading zod.
 */
export const DEFAULT_REPORT_TIME_ZONE = 'Europe/Moscow';
