import { describe, expect, it } from 'vitest';
import { couponQrText, newQrToken } from './qr.ts';

describe('the QR text', () => {
  const fields = {
    token: 'tok_123',
    purchasedAt: new Date('2026-07-14T21:30:00Z'),
    discount: 750,
    telegramName: '@river_rat',
    expiresOn: '2026-09-30',
    partnerId: 7,
    timeZone: 'Europe/Moscow',
  };

  it('is the spec’s key=value list with the token under purchased_coupon_id, the company named by pid', () => {
    expect(couponQrText(fields)).toBe(
      'purchased_coupon_id=tok_123,status=NOT_USED,date=15.07.2026,partner=,region=,discount=750,' +
        'address=,telegramName=@river_rat,exp=2026-09-30,pid=7',
    );
  });

  it('cuts a long first name to 24 letters, quotes one a comma would cut, and prints no last day as empty', () => {
    const named = (telegramName: string) => couponQrText({ ...fields, telegramName, expiresOn: null });
    expect(named('Александра-Виктория Константиновна')).toContain(
      ',telegramName=Александра-Виктория Кон…,exp=,',
    );
    expect(named('Иван, рыбак')).toContain(",telegramName='Иван, рыбак',");
    expect(named("O'Brien")).toContain(',telegramName=O’Brien,');
  });

  it('makes unguessable tokens of 128 bits, 22 characters', () => {
    const tokens = new Set(Array.from({ length: 1000 }, newQrToken));
    expect(tokens.size).toBe(1000);
    expect(Buffer.from([...tokens][0] as string, 'base64url')).toHaveLength(16);
    expect([...tokens][0]).toHaveLength(22);
  });
});
