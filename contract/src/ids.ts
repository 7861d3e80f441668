import { z } from 'zod';

/**
 * A whole number as JSON gives it, or as a path or a form gives it: plain decimal digits only, so
 * "0x10", "1e3", " 12 " and "012" are refused rather than read as 16, 1000, 12 and 12.
 */
export const wholeNumber = <T extends z.ZodNumber>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^(0|[1-9]\d{0,15})$/.test(value) ? Number(value) : value),
    schema,
  );

/** A row id: PostgreSQL `integer`, so a larger number is refused here, not failed in the database. */
export const ZDbId = wholeNumber(
  z
    .number({ message: 'Ожидался номер записи' })
    .int('Ожидался номер записи')
    .positive('Ожидался номер записи')
    .max(2_147_483_647, 'Нет записи с таким номером'),
);
