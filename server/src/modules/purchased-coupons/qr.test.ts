import { describe, expect, it } from 'vitest';
import { couponQrText, newQrToken } from './qr.ts';

describe('the QR text', () => {
  it('is the spec’s key=value list with the token under purchased_coupon_id', () => {
    const text = couponQrText({
      token: 'tok_123',
      purchasedAt: new Date('2026-07-14T21:30:00Z'),
      partner: 'Рафт-школа «Порог»',
      region: 'Карелия',
      discount: 750,
      address: 'пос. Чкаловский, ул. Речная, 1',
      telegramName: '@river_rat',
      expiresOn: '2026-09-30',
      partnerId: 7,
      timeZone: 'Europe/Moscow',
    });
    expect(text).toBe(
      'purchased_coupon_id=tok_123,status=NOT_USED,date=15.07.2026,partner=Рафт-школа «Порог»,' +
        "region=Карелия,discount=750,address='пос. Чкаловский, ул. Речная, 1',telegramName=@river_rat," +
        'exp=2026-09-30,pid=7',
    );
  });

  it('quotes only a value a comma or an edge space would cut, and keeps a quote from ending one', () => {
    const text = couponQrText({
      token: 't',
      purchasedAt: new Date(),
      partner: "'Порог' O'Brien",
      region: ' Карелия ',
      discount: 1,
      address: "ул. Речная, 'дом у реки'",
      telegramName: 'n',
      expiresOn: null,
      partnerId: 1,
      timeZone: 'Europe/Moscow',
    });
    expect(text).toContain(",partner=’Порог’ O’Brien,region=' Карелия ',");
    expect(text).toContain(",address='ул. Речная, ’дом у реки’',telegramName=n,exp=,pid=1");
  });

  it('makes unguessable tokens of 128 bits, 22 characters', () => {
    const tokens = new Set(Array.from({ length: 1000 }, newQrToken));
    expect(tokens.size).toBe(1000);
    expect(Buffer.from([...tokens][0] as string, 'base64url')).toHaveLength(16);
    expect([...tokens][0]).toHaveLength(22);
  });
});
