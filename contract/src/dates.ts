import { z } from 'zod';

/**
 * A calendar day `YYYY-MM-DD` that exists (no 31 February), as report periods and offer validity name
 * it. A date field emptied is told to choose a day: the field shows the day as the phone writes it
 * (ДД.ММ.ГГГГ in Russian), so the wire's format is named only to a caller that sent another.
 */
export const ZDay = z
  .string({ message: 'Укажите дату' })
  .min(1, 'Укажите дату')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Дата в формате ГГГГ-ММ-ДД')
  .refine((day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
  }, 'Такой даты нет');
export type TDay = z.infer<typeof ZDay>;
