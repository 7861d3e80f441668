import { describe, it } from 'vitest';
import { ZOkResponse } from '#contract/coupons';
import { ZHeldGiftsResponse } from '#contract/gifts';
import { expectJudgedAsZod } from '@/test/answer-check';
import { heldGiftsCheck, okCheck } from '../api/held-gifts-check';

const gift = {
  giftId: 7,
  purchasedCouponId: '12',
  toUsername: 'friend_name',
  createdAt: '2026-11-27T10:00:00.000Z',
};

/** Answers the server might give, good and bad: the hand checks must judge each as zod does. */
const GIFTS: Array<[name: string, answer: unknown]> = [
  ['an empty list', []],
  ['one gift', [gift]],
  ['a field the contract does not name', [{ ...gift, toUserId: 5 }]],
  ['a fractional gift id', [{ ...gift, giftId: 7.5 }]],
  ['a gift id as text', [{ ...gift, giftId: '7' }]],
  ['a numeric coupon id', [{ ...gift, purchasedCouponId: 12 }]],
  ['a missing name', [{ ...gift, toUsername: undefined }]],
  ['a missing time', [{ ...gift, createdAt: null }]],
  ['one good gift and one bad', [gift, { ...gift, giftId: null }]],
  ['not a list', { gifts: [gift] }],
  ['null', null],
];

const OKS: Array<[name: string, answer: unknown]> = [
  ['«ok»', 'ok'],
  ['«OK»', 'OK'],
  ['an object', { ok: true }],
  ['nothing', undefined],
];

describe('held gifts checked by hand', () => {
  it.each(GIFTS)('judges %s as the contract’s zod schema does', (_name, answer) => {
    expectJudgedAsZod(heldGiftsCheck, ZHeldGiftsResponse, answer);
  });
  it.each(OKS)('judges %s as the contract’s «ok» does', (_name, answer) => {
    expectJudgedAsZod(okCheck, ZOkResponse, answer);
  });
});
