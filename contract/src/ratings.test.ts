import { describe, expect, it } from 'vitest';
import { formatRating } from './ratings.ts';

describe('a partner rating in words', () => {
  it('has one decimal with a comma and the count with its Russian plural', () => {
    expect(formatRating({ average: 4.3, count: 12 })).toBe('4,3 из 5 (12 оценок)');
    expect(formatRating({ average: 5, count: 3 })).toBe('5,0 из 5 (3 оценки)');
    expect(formatRating({ average: 3.7, count: 21 })).toBe('3,7 из 5 (21 оценка)');
    expect(formatRating({ average: 4, count: 111 })).toBe('4,0 из 5 (111 оценок)');
  });
});
