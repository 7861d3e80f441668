import { describe, expect, it } from 'vitest';
import type { MessageButtons } from '../../domain/messenger.ts';
import { ratingButtons } from '../ratings/rating-buttons.ts';
import { type GroupMember, gatherInOrder, groupedMessage, joinsGroup } from './grouped-message.ts';
import { notificationButtons, notificationTexts as say } from './texts.ts';

const member = (text: string, buttons: { text: string; url: string }[] = []): GroupMember => ({
  chatId: 7,
  kind: 'GIFT_RECEIVED',
  text,
  buttons: buttons.length > 0 ? [buttons] : null,
});

describe('one message of a group', () => {
  it('takes no one past MAX’s 4,000 characters (Telegram takes 4,096), nor past ten', () => {
    const long = member('а'.repeat(3000));
    expect(joinsGroup([long], member('б'.repeat(998)))).toBe(true);
    expect(joinsGroup([long], member('б'.repeat(999)))).toBe(false);
    const ten = Array.from({ length: 10 }, (_, n) => member(`${n}`));
    expect(joinsGroup(ten.slice(0, 9), member('9'))).toBe(true);
    expect(joinsGroup(ten, member('10'))).toBe(false);
  });

  it('keeps a button once, and takes no one whose button of the same words goes elsewhere', () => {
    const open = { text: 'Открыть', url: 'https://t.me/bot?startapp=a' };
    const first = member('первое', [open]);
    expect(joinsGroup([first], member('второе', [open]))).toBe(true);
    expect(joinsGroup([first], member('другое', [{ ...open, url: 'https://t.me/bot?startapp=b' }]))).toBe(
      false,
    );
    expect(groupedMessage([first, member('второе', [open])])).toEqual({
      chatId: 7,
      text: 'первое\n\nвторое',
      buttons: [[open]],
    });
  });
});

/** A family's day at one partner: three coupons of one offer, two bought on one day. */
const porog = { companyName: 'Порог', discount: 500, region: 'Карелия' };
const first = '00000000-0000-4000-8000-000000000001';
const second = '00000000-0000-4000-8000-000000000002';
const myQr: MessageButtons = [[notificationButtons.myCoupons]];

const redeemed = (boughtOn: string): GroupMember => ({
  chatId: 7,
  kind: 'COUPON_REDEEMED',
  text: say.couponRedeemed({ coupon: { ...porog, boughtOn } }),
  buttons: myQr,
});
const asked = (purchasedCouponId: string): GroupMember => ({
  chatId: 7,
  kind: 'VISIT_RATING_ASKED',
  text: say.visitRatingAsked({ coupon: porog, visitedOn: '07.12.2026' }),
  buttons: ratingButtons(purchasedCouponId),
});
const gift: GroupMember = {
  chatId: 7,
  kind: 'GIFT_RECEIVED',
  text: say.giftReceived({ fromUsername: 'giver', coupon: porog }),
  buttons: myQr,
};

/** What the chat gets, message by message, as the worker takes its rows: the oldest leads each. */
function messagesOf(rows: readonly GroupMember[]) {
  const messages: Array<{ text: string; buttons: string[][] }> = [];
  let left = [...rows];
  while (left.length > 0) {
    const [lead, ...candidates] = left as [GroupMember, ...GroupMember[]];
    const group = gatherInOrder(lead, candidates);
    const { text, buttons } = groupedMessage(group);
    messages.push({ text, buttons: (buttons ?? []).map((row) => row.map((b) => b.text)) });
    left = left.filter((row) => !group.includes(row));
  }
  return messages;
}

const REDEEMED_05 =
  'Ваш купон «Порог» (Карелия) на скидку 500 руб., купленный 05.12.2026, погашен партнером.';
const REDEEMED_06 =
  'Ваш купон «Порог» (Карелия) на скидку 500 руб., купленный 06.12.2026, погашен партнером.';
const ASKED = 'Как прошло у партнера «Порог» (Карелия) 07.12.2026? Оцените визит от 1 до 5.';
const GIFT = 'Подарок от @giver: купон «Порог» (Карелия) на скидку 500 руб.\nQR уже в разделе «Мои QR».';

describe('grouped news names each coupon, and each ask to rate sits with its redemption', () => {
  it.each([
    {
      what: 'two visits: each redemption with its own 1–5, in the order they happened',
      rows: [redeemed('05.12.2026'), asked(first), redeemed('06.12.2026'), asked(second)],
      messages: [
        { text: `${REDEEMED_05}\n${ASKED}`, buttons: [['Мои QR'], ['1', '2', '3', '4', '5']] },
        { text: `${REDEEMED_06}\n${ASKED}`, buttons: [['Мои QR'], ['1', '2', '3', '4', '5']] },
      ],
    },
    {
      what: 'news after a second visit waits behind it, never jumping ahead of it',
      rows: [redeemed('05.12.2026'), asked(first), redeemed('06.12.2026'), asked(second), gift],
      messages: [
        { text: `${REDEEMED_05}\n${ASKED}`, buttons: [['Мои QR'], ['1', '2', '3', '4', '5']] },
        { text: `${REDEEMED_06}\n${ASKED}\n\n${GIFT}`, buttons: [['Мои QR'], ['1', '2', '3', '4', '5']] },
      ],
    },
    {
      what: 'news before a visit goes with it',
      rows: [gift, redeemed('05.12.2026'), asked(first)],
      messages: [
        { text: `${GIFT}\n\n${REDEEMED_05}\n${ASKED}`, buttons: [['Мои QR'], ['1', '2', '3', '4', '5']] },
      ],
    },
    {
      what: 'a redemption whose ask does not fit waits with it for the next message',
      rows: [member('а'.repeat(3850)), redeemed('05.12.2026'), asked(first)],
      messages: [
        { text: 'а'.repeat(3850), buttons: [] },
        { text: `${REDEEMED_05}\n${ASKED}`, buttons: [['Мои QR'], ['1', '2', '3', '4', '5']] },
      ],
    },
  ])('$what', ({ rows, messages }) => {
    expect(messagesOf(rows)).toEqual(messages);
  });
});

describe('a digest of reminders', () => {
  it('sums like coupons into one line and names the others each once', () => {
    const prokat = { companyName: 'Прокат', discount: 300, region: 'Карелия' };
    expect(
      say.remindersDigest({
        expiring: [
          { coupon: prokat, lastDay: '08.12.2026' },
          { coupon: porog, lastDay: '08.12.2026' },
          { coupon: prokat, lastDay: '08.12.2026' },
          { coupon: prokat, lastDay: '08.12.2026' },
          { coupon: prokat, lastDay: '09.12.2026' },
        ],
        returning: [],
      }),
    ).toBe(
      [
        'Скоро заканчиваются ваши купоны (5):',
        '• 3 купона «Прокат» (Карелия) на скидку 300 руб. действуют до 08.12.2026 включительно',
        '• «Порог» (Карелия) на скидку 500 руб. действует до 08.12.2026 включительно',
        '• «Прокат» (Карелия) на скидку 300 руб. действует до 09.12.2026 включительно',
        'Не забудьте показать QR партнеру.',
      ].join('\n'),
    );
  });
});
