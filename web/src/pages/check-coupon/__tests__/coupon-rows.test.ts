import { describe, expect, it } from 'vitest';
import { parseCouponQr, withSignature } from '#contract/coupon-qr';
import { couponRows } from '../coupon-rows';

describe('the rows of a scanned QR', () => {
  it('never show the signature, the partner id or the raw expiry, but do show a field nobody labels', () => {
    const text = withSignature(
      "purchased_coupon_id='t',status='NOT_USED',partner='Порог',telegramName='@ivan',exp='2027-09-30',pid='3',note='x'",
      'c2lnbmF0dXJl',
    );
    const rows = couponRows(parseCouponQr(text).fields, undefined);
    expect(rows.map((row) => row.key)).toEqual(['telegramName', 'partner', 'note']);
  });

  it('follow the discount with the services it applies to (the 15 % rule)', () => {
    const rows = couponRows(
      parseCouponQr("purchased_coupon_id='t',discount='1000',region='Карелия'").fields,
      undefined,
    );
    expect(rows.map(({ label, value }) => [label, value.replaceAll('\u00a0', ' ')])).toEqual([
      ['Регион', 'Карелия'],
      ['Скидка', '1000 руб'],
      ['На услуги', 'от 6 667 руб'],
    ]);
  });

  it('leave out what the QR left empty until the server names the company', () => {
    const { fields } = parseCouponQr(
      'purchased_coupon_id=t,status=NOT_USED,partner=,region=,discount=750,address=,telegramName=@ivan,pid=7',
    );
    expect(couponRows(fields, undefined).map((row) => row.key)).toEqual([
      'telegramName',
      'discount',
      'serviceThreshold',
    ]);
    const live = {
      status: 'NOT_USED',
      date: '15.07.2026',
      partner: 'Порог',
      region: 'Карелия',
      discount: '750',
      address: 'ул. Речная, 1',
      telegramName: '@ivan',
      messenger: 'telegram',
      canUndo: false,
      expiresAt: null,
      redeemedAt: null,
      redeemedBy: null,
      giftedAwayAt: null,
    } as const;
    expect(couponRows(fields, live).find((row) => row.key === 'address')?.value).toBe('ул. Речная, 1');
  });

  it('label the holder by the messenger the server names, and a printed QR’s by Telegram', () => {
    const { fields } = parseCouponQr('purchased_coupon_id=t,telegramName=@ivan,pid=7');
    const holder = (live?: Parameters<typeof couponRows>[1]) =>
      couponRows(fields, live).find((row) => row.key === 'telegramName');
    expect(holder()).toEqual({ key: 'telegramName', label: 'Telegram', value: '@ivan' });
    const live = {
      status: 'NOT_USED',
      date: '15.07.2026',
      partner: 'Порог',
      region: 'Карелия',
      discount: '750',
      address: 'ул. Речная, 1',
      telegramName: '@ivan',
      messenger: 'max',
      canUndo: false,
      expiresAt: null,
      redeemedAt: null,
      redeemedBy: null,
      giftedAwayAt: null,
    } as const;
    expect(holder(live)).toEqual({ key: 'telegramName', label: 'MAX', value: '@ivan' });
    expect(holder({ ...live, messenger: 'telegram' })?.label).toBe('Telegram');
  });
});
