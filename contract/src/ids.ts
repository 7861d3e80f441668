import { z } from 'zod';

/** A row id: PostgreSQL `integer`, so a larger number is refused here, not failed in the database. */
export const ZDbId = z.coerce
  .number({ message: 'Ожидался номер записи' })
  .int('Ожидался номер записи')
  .positive('Ожидался номер записи')
  .max(2_147_483_647, 'Нет записи с таким номером');
