import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addPartnerWithCoupons } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp, telegramUser } from '../../../test/harness.ts';
import { notifications } from '../../db/schema.ts';

const MINUTE = 60_000;
const admin = telegramUser('backlog_admin');
const member = telegramUser('backlog_member');
const partner = telegramUser('backlog_partner');

let t: TestApp;
/** The fake Bot API's clock (ms), by which its outages last: not the database's. */
let clock = 0;

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_USERNAMES: 'backlog_admin' } });
  t.botApi.setClock(() => clock);
  t.botApi.members.set(member.id, 'member');
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(notifications);
});

const health = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/health' });
  return { status: res.statusCode, body: res.json() };
};
const meOf = async (user: typeof admin) => (await t.as(user).get('/api/me')).json();

/** A bot message to the member, queued `minutesAgo`. */
const queued = (eventKey: string, minutesAgo: number) => ({
  kind: 'GIFT_RECEIVED' as const,
  eventKey,
  chatId: member.id,
  text: 'Вам подарили купон',
  createdAt: new Date(Date.now() - minutesAgo * MINUTE),
});

describe('bot messages that do not go out, told to the operator and the admins', () => {
  it('while Telegram is out of reach: Home tells an admin (no one else) after 10 minutes, /api/health says so with 200; all clear once it answers', async () => {
    expect(await health()).toEqual({
      status: 200,
      body: { ok: true, db: 'up', telegram: 'unknown', oldestUnsentMessageS: 0 },
    });
    await addPartnerWithCoupons(t, admin, { spokesmanNickname: 'backlog_partner' });

    // The relay in front of Telegram answers 502 for an hour of the fake's clock.
    const outageEnds = clock + 60 * MINUTE;
    t.botApi.addOutage({ fromMs: clock, untilMs: outageEnds, status: 502 });
    try {
      await t.database.db.insert(notifications).values([queued('backlog-old', 15), queued('backlog-new', 1)]);
      // A chat's messages go one at a time: the older is tried, the newer waits behind it.
      expect(await t.deliverNotifications()).toMatchObject({ sent: 0, retrying: 1 });

      expect(await meOf(admin)).toMatchObject({ botMessagesStuck: { minutes: 15, telegram: 'down' } });
      expect(await meOf(member)).not.toHaveProperty('botMessagesStuck');
      expect(await meOf(partner)).not.toHaveProperty('botMessagesStuck');
      const down = await health();
      expect(down).toMatchObject({ status: 200, body: { ok: true, db: 'up', telegram: 'down' } });
      expect(down.body.oldestUnsentMessageS).toBeGreaterThanOrEqual(15 * 60);
    } finally {
      clock = outageEnds;
    }

    // Telegram answers again: the worker's next run sends both.
    expect(await t.deliverNotifications(new Date(Date.now() + 10 * MINUTE))).toMatchObject({ sent: 2 });
    expect(await meOf(admin)).not.toHaveProperty('botMessagesStuck');
    expect(await health()).toEqual({
      status: 200,
      body: { ok: true, db: 'up', telegram: 'up', oldestUnsentMessageS: 0 },
    });
  });

  it('tells an admin of nothing before 10 minutes, and of messages waiting while Telegram answers (a flood wait), without blaming the way there', async () => {
    await t.database.db.insert(notifications).values(queued('backlog-young', 9));
    expect(await meOf(admin)).not.toHaveProperty('botMessagesStuck');

    t.botApi.setMethodError('sendMessage', {
      error_code: 429,
      description: 'Too Many Requests: retry after 600',
      retry_after: 600,
    });
    try {
      await t.database.db.insert(notifications).values(queued('backlog-flood', 12));
      await t.deliverNotifications();
      expect(await meOf(admin)).toMatchObject({ botMessagesStuck: { minutes: 12, telegram: 'up' } });
    } finally {
      t.botApi.setMethodError('sendMessage', undefined);
    }
  });

  it('counts a message an admin sent again from then, not from when it was first queued', async () => {
    await t.database.db
      .insert(notifications)
      .values({ ...queued('backlog-resent', 2 * 24 * 60), resentAt: new Date(Date.now() - 3 * MINUTE) });
    expect(await meOf(admin)).not.toHaveProperty('botMessagesStuck');
    const { body } = await health();
    expect(body.oldestUnsentMessageS).toBeGreaterThanOrEqual(3 * 60);
    expect(body.oldestUnsentMessageS).toBeLessThan(4 * 60);
  });
});
