import { describe, expect, it } from 'vitest';
import { offerStockLine } from '../offer-stock';

const at = (iso: string) => `«${iso}»`;
const STARTS = '2030-06-01T07:00:00.000Z';

describe('a limited offer’s stock line', () => {
  it.each([
    ['unlimited', { left: null, quantity: null, saleStartsAt: null }, 0, null],
    [
      'some left',
      { left: 3, quantity: 10, saleStartsAt: null },
      0,
      { text: 'Осталось 3 из 10', gone: false },
    ],
    [
      'the last one',
      { left: 1, quantity: 1, saleStartsAt: null },
      0,
      { text: 'Осталось 1 из 1', gone: false },
    ],
    ['all gone', { left: 0, quantity: 10, saleStartsAt: null }, 0, { text: 'Разобрали', gone: true }],
    [
      'its sale still to open',
      { left: 10, quantity: 10, saleStartsAt: STARTS },
      60,
      { text: `Продажа начнется «${STARTS}»`, gone: false },
    ],
    [
      'its sale still to open, none left to it',
      { left: 0, quantity: 10, saleStartsAt: STARTS },
      60,
      { text: `Продажа начнется «${STARTS}»`, gone: false },
    ],
    [
      'its sale open now',
      { left: 10, quantity: 10, saleStartsAt: STARTS },
      0,
      { text: 'Осталось 10 из 10', gone: false },
    ],
    [
      'the countdown running with no start to name',
      { left: 0, quantity: 10, saleStartsAt: null },
      60,
      { text: 'Разобрали', gone: false },
    ],
    ['a quantity without a count', { left: null, quantity: 10, saleStartsAt: null }, 0, null],
  ] as const)('%s', (_name, offer, opensIn, line) => {
    expect(offerStockLine(offer, opensIn, at)).toEqual(line);
  });
});
