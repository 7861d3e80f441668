import { describe, expect, it } from 'vitest';
import { editionName } from './privacy.ts';

describe('a privacy policy edition as a person reads it', () => {
  it('is its day, and its number that day after the first', () => {
    expect(editionName('2026-11-23')).toBe('23.11.2026');
    expect(editionName('2026-11-26.2')).toBe('26.11.2026, 2-я');
  });
});
