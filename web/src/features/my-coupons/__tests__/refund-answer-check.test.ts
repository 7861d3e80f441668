import { describe, it } from 'vitest';
import { ZRefundResponse } from '#contract/back-office-purchases';
import { expectJudgedAsZod } from '@/test/answer-check';
import { refundAnswerCheck } from '../api/refund-answer-check';

/** Answers the server might give, good and bad: the hand check must judge each as zod does. */
const ANSWERS: Array<[name: string, answer: unknown]> = [
  ['returned at once', { status: 'REFUNDED' }],
  ['being returned', { status: 'REFUND_PENDING' }],
  ['a field the contract does not name', { status: 'REFUNDED', amount: 180 }],
  ['another status', { status: 'VOID' }],
  ['a status in lower case', { status: 'refunded' }],
  ['no status', {}],
  ['the status alone', 'REFUNDED'],
  ['null', null],
  ['a list', [{ status: 'REFUNDED' }]],
];

describe('the answer to a holder’s refund checked by hand', () => {
  it.each(ANSWERS)('judges %s as the contract’s zod schema does', (_name, answer) => {
    expectJudgedAsZod(refundAnswerCheck, ZRefundResponse, answer);
  });
});
