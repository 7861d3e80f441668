import { describe, it } from 'vitest';
import { ZMeResponse } from '#contract/session';
import { expectJudgedAsZod } from '@/test/answer-check';
import { meCheck } from '../api/me-check';

const me = {
  id: 1001,
  username: 'river_rat',
  firstName: 'Анна',
  role: 'user',
  isChatMember: true,
  communityChatLink: 'https://t.me/+splav',
  email: null,
  consentGiven: false,
  receiptEmailRequired: true,
  timeZone: 'Europe/Moscow',
};

/** Answers the server might give, good and bad: the hand check must judge each as zod does. */
const ANSWERS: Array<[name: string, answer: unknown]> = [
  ['a member', me],
  ['an admin with a username and an e-mail', { ...me, role: 'admin', email: 'a@b.ru', consentGiven: true }],
  ['a partner without a username', { ...me, role: 'partner', username: null }],
  ['a field the contract does not name', { ...me, lastName: 'Петрова' }],
  ['a link with spaces and a line break round it', { ...me, communityChatLink: '  https://t.me/\n+splav ' }],
  ['a link that is no URL', { ...me, communityChatLink: 't.me/splav' }],
  ['an empty link', { ...me, communityChatLink: '' }],
  ['an unknown role', { ...me, role: 'owner' }],
  ['a fractional id', { ...me, id: 1.5 }],
  ['an id past safe integers', { ...me, id: 2 ** 60 }],
  ['an id as text', { ...me, id: '1001' }],
  ['a missing first name', { ...me, firstName: undefined }],
  ['membership as text', { ...me, isChatMember: 'true' }],
  ['a missing e-mail', { ...me, email: undefined }],
  ['a number for the e-mail', { ...me, email: 5 }],
  [
    'an admin told of bot messages stuck',
    { ...me, role: 'admin', botMessagesStuck: { minutes: 14, telegram: 'down' } },
  ],
  [
    'bot messages stuck, with a field the contract does not name',
    { ...me, role: 'admin', botMessagesStuck: { minutes: 14, telegram: 'up', since: 5 } },
  ],
  [
    'bot messages stuck for a fraction of a minute',
    { ...me, botMessagesStuck: { minutes: 10.5, telegram: 'up' } },
  ],
  ['bot messages stuck for no minutes', { ...me, botMessagesStuck: { minutes: 0, telegram: 'up' } }],
  [
    'bot messages stuck, Telegram’s reach unnamed',
    { ...me, botMessagesStuck: { minutes: 14, telegram: 'gone' } },
  ],
  ['bot messages stuck as null', { ...me, botMessagesStuck: null }],
  ['a list', [me]],
  ['null', null],
];

describe('/api/me checked by hand', () => {
  it.each(ANSWERS)('judges %s as the contract’s zod schema does', (_name, answer) => {
    expectJudgedAsZod(meCheck, ZMeResponse, answer);
  });
});
