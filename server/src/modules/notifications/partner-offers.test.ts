import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, telegramUser } from '../../../test/harness.ts';
import { notificationKind, notifications, users } from '../../db/schema.ts';
import { MESSAGE_KINDS } from './message-kinds.ts';

let t: TestApp;
const willing = telegramUser('po_willing');
const unwilling = telegramUser('po_unwilling');

beforeAll(async () => {
  t = await createTestApp();
  for (const user of [willing, unwilling]) await t.as(user).get('/api/me');
});
afterAll(() => t.close());

const offerTo = (chatId: number, eventKey: string) =>
  t.database.db
    .insert(notifications)
    .values({ kind: 'GIFT_RECEIVED', eventKey, chatId, text: 'Скидка недели у партнера', purpose: 'offer' })
    .returning({ id: notifications.id });
const sentTo = (chatId: number) => t.botApi.sentMessages().filter((m) => m.chatId === chatId);
const setOffers = (user: typeof willing, enabled: boolean) =>
  t.as(user).put('/api/me/partner-offers', { enabled });

describe('bot messages that are advertising', () => {
  it('every kind of message is marked, and none of today’s is an offer', () => {
    expect(Object.keys(MESSAGE_KINDS).sort()).toEqual([...notificationKind.enumValues].sort());
    expect(new Set(Object.values(MESSAGE_KINDS).map((kind) => kind.purpose))).toEqual(new Set(['service']));
  });

  it('an offer never enters the outbox for someone who has not agreed, whatever writes it', async () => {
    expect(await offerTo(unwilling.id, 'offer-1')).toEqual([]);
    await t.deliverNotifications();
    expect(sentTo(unwilling.id)).toEqual([]);
  });

  it('goes to someone who agreed in «Мои данные», and not once they took it back', async () => {
    expect((await setOffers(willing, true)).statusCode).toBe(204);
    const data = (await t.as(willing).get('/api/me/data')).json();
    expect(data.user.partnerOffersSince).toEqual(expect.any(String));
    await offerTo(willing.id, 'offer-2');
    await t.deliverNotifications();
    expect(sentTo(willing.id).map((m) => m.text)).toEqual(['Скидка недели у партнера']);

    await offerTo(willing.id, 'offer-3');
    await setOffers(willing, false);
    await t.deliverNotifications();
    expect(sentTo(willing.id)).toHaveLength(1);
    expect((await t.as(willing).get('/api/me/data')).json().user.partnerOffersSince).toBeNull();
  });

  it('erasing one’s data takes the consent back too', async () => {
    await setOffers(willing, true);
    expect((await t.as(willing).request({ method: 'DELETE', url: '/api/me' })).statusCode).toBe(204);
    const [row] = await t.database.db
      .select({ since: users.partnerOffersAt })
      .from(users)
      .where(eq(users.id, willing.id));
    expect(row?.since).toBeNull();
  });
});
