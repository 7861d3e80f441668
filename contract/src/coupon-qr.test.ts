import { describe, expect, it } from 'vitest';
import { formatCouponQr, parseCouponQr } from './coupon-qr.ts';

describe('formatCouponQr and parseCouponQr', () => {
  it('read back what they write, quotes, commas and Cyrillic included', () => {
    const text = formatCouponQr({
      token: 'q8Zk-3xY_token',
      status: 'NOT_USED',
      date: '01.07.2025',
      partner: 'Рафт-школа «Порог» O\'Brien, "Шуя"',
      region: 'Карелия, Шуя',
      discount: '500',
      address: "пос. Чкаловский, ул. Речная, 1, 'дом у реки'",
      telegramName: 'Лена',
    });

    expect(parseCouponQr(text)).toEqual({
      token: 'q8Zk-3xY_token',
      fields: [
        { key: 'status', value: 'NOT_USED' },
        { key: 'date', value: '01.07.2025' },
        // A straight quote would end the value: it is written, and read back, as a typographic one.
        { key: 'partner', value: 'Рафт-школа «Порог» O’Brien, "Шуя"' },
        { key: 'region', value: 'Карелия, Шуя' },
        { key: 'discount', value: '500' },
        { key: 'address', value: 'пос. Чкаловский, ул. Речная, 1, ’дом у реки’' },
        { key: 'telegramName', value: 'Лена' },
      ],
    });
  });

  it('reads a QR printed with every value quoted, as coupons sold before offline redeeming are', () => {
    const parsed = parseCouponQr(
      "purchased_coupon_id='q8Zk-3xY_token',status='NOT_USED',date='01.07.2025',partner='Рафт-школа «Порог»'," +
        "region='Карелия',discount='500',address='пос. Чкаловский, ул. Речная, 1',telegramName='@demo_member'",
    );

    expect(parsed.token).toBe('q8Zk-3xY_token');
    expect(parsed.fields).toEqual([
      { key: 'status', value: 'NOT_USED' },
      { key: 'date', value: '01.07.2025' },
      { key: 'partner', value: 'Рафт-школа «Порог»' },
      { key: 'region', value: 'Карелия' },
      { key: 'discount', value: '500' },
      { key: 'address', value: 'пос. Чкаловский, ул. Речная, 1' },
      { key: 'telegramName', value: '@demo_member' },
    ]);
  });

  it('keeps a comma inside quotes in the value', () => {
    expect(parseCouponQr("address='Петрозаводск, ул. Ленина, 5',region='Карелия'").fields).toEqual([
      { key: 'address', value: 'Петрозаводск, ул. Ленина, 5' },
      { key: 'region', value: 'Карелия' },
    ]);
  });

  it('takes values without quotes up to the next comma, trimmed', () => {
    expect(parseCouponQr('purchased_coupon_id=abc, status = USED ,discount=300')).toEqual({
      token: 'abc',
      fields: [
        { key: 'status', value: 'USED' },
        { key: 'discount', value: '300' },
      ],
    });
  });

  it('keeps unknown keys, in their order, under their raw key', () => {
    expect(parseCouponQr("season='2025',status='NOT_USED',guide='Олег'").fields).toEqual([
      { key: 'season', value: '2025' },
      { key: 'status', value: 'NOT_USED' },
      { key: 'guide', value: 'Олег' },
    ]);
  });

  it('keeps "=" inside a value and reads an unclosed quote to the end', () => {
    expect(parseCouponQr("link=https://t.me/x?a=1,note='без конца, да").fields).toEqual([
      { key: 'link', value: 'https://t.me/x?a=1' },
      { key: 'note', value: 'без конца, да' },
    ]);
  });

  it('finds no coupon in text of another kind', () => {
    expect(parseCouponQr('https://example.com/some/page')).toEqual({ token: undefined, fields: [] });
    expect(parseCouponQr('')).toEqual({ token: undefined, fields: [] });
    expect(parseCouponQr("purchased_coupon_id='',status='USED'").token).toBeUndefined();
  });
});
