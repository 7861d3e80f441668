import { z } from 'zod';

const checkDigit = (digits: number[], weights: number[]) =>
  (weights.reduce((sum, weight, i) => sum + weight * (digits[i] ?? 0), 0) % 11) % 10;

/** A Russian taxpayer number: 10 digits (a company) or 12 (a person, an ИП), with its check digits. */
export function isValidInn(inn: string): boolean {
  if (!/^(\d{10}|\d{12})$/.test(inn)) return false;
  const d = [...inn].map(Number);
  if (d.length === 10) return checkDigit(d, [2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[9];
  return (
    checkDigit(d, [7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[10] &&
    checkDigit(d, [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[11]
  );
}

export const ZInn = z
  .string()
  .trim()
  .regex(/^(\d{10}|\d{12})$/, 'ИНН: 10 цифр у компании или 12 у ИП')
  .refine(isValidInn, 'ИНН с ошибкой: контрольные цифры не сходятся');
