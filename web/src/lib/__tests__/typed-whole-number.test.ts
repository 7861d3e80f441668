import { describe, expect, it } from 'vitest';
import { typedWholeNumber } from '../typed-whole-number';

describe('typedWholeNumber', () => {
  it.each([
    ['150', 150],
    [' 150 ', 150],
    ['1 000', 1000],
    ['1\u00a0000', 1000],
    ['100\u202f000', 100_000],
    ['1 234 567', 1_234_567],
  ])('reads %j as %d', (text, value) => {
    expect(typedWholeNumber(text)).toBe(value);
  });

  it.each(['', '99,90', '10.5', '-5', 'abc', '20 шт', '1e3', '1 00', '10 000 0', '9'.repeat(17)])(
    'refuses %j',
    (text) => {
      expect(typedWholeNumber(text)).toBeUndefined();
    },
  );
});
