import { describe, it } from 'vitest';
import { ZMyCouponsResponse } from '#contract/purchases';
import { expectJudgedAsZod } from '@/test/answer-check';
import { myCouponsCheck } from '../api/my-coupons-check';

const coupon = {
  id: '12',
  qrImageUrl: '/api/coupon/qr/abc',
  companyName: 'Рафт-школа «Порог»',
  discount: 15,
  region: 'Карелия',
  status: 'NOT_USED',
  expiresAt: '2026-09-30',
  refundAmount: 180,
};

/** Answers the server might give, good and bad: the hand check must judge each as zod does. */
const ANSWERS: Array<[name: string, answer: unknown]> = [
  ['an empty list', []],
  ['one coupon', [coupon]],
  ['a coupon that never expires', [{ ...coupon, expiresAt: null }]],
  [
    'a used and an expired one',
    [
      { ...coupon, status: 'USED' },
      { ...coupon, id: '13', status: 'EXPIRED' },
    ],
  ],
  ['a field the contract does not name', [{ ...coupon, partnerId: 4 }]],
  ['not a list', { coupons: [coupon] }],
  ['null', null],
  ['a list of something else', ['12']],
  ['a missing field', [{ ...coupon, region: undefined }]],
  ['a numeric id', [{ ...coupon, id: 12 }]],
  ['an unknown status', [{ ...coupon, status: 'REFUNDED' }]],
  ['a fractional discount', [{ ...coupon, discount: 12.5 }]],
  ['a discount past safe integers', [{ ...coupon, discount: 2 ** 60 }]],
  ['a discount as text', [{ ...coupon, discount: '15' }]],
  ['a missing expiry', [{ ...coupon, expiresAt: undefined }]],
  ['no refund offered', [{ ...coupon, refundAmount: null }]],
  ['a list saved before refunds were offered', [{ ...coupon, refundAmount: undefined }]],
  ['a fractional refund', [{ ...coupon, refundAmount: 180.5 }]],
  ['one good coupon and one bad', [coupon, { ...coupon, companyName: null }]],
];

describe('My QR list checked by hand', () => {
  it.each(ANSWERS)('judges %s as the contract’s zod schema does', (_name, answer) => {
    expectJudgedAsZod(myCouponsCheck, ZMyCouponsResponse, answer);
  });
});
