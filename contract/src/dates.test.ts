import { describe, expect, it } from 'vitest';
import { ZDay } from './dates.ts';

const problem = (value: unknown) => ZDay.safeParse(value).error?.issues[0]?.message;

describe('a day as a date field gives it', () => {
  it.each([
    ['', 'Укажите дату'],
    [undefined, 'Укажите дату'],
    ['2026-02-31', 'Такой даты нет'],
    ['31.12.2026', 'Дата в формате ГГГГ-ММ-ДД'],
  ])('%j is refused with «%s»', (value, message) => {
    expect(problem(value)).toBe(message);
  });

  it('takes a day that exists', () => {
    expect(ZDay.parse('2026-12-31')).toBe('2026-12-31');
  });
});
