import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { messengerIdentities, users } from '../db/schema.ts';
import type { ButtonPress, MessageButtons } from '../domain/messenger.ts';
import { reminderHandlers } from '../modules/reminders/reminders.inbound.ts';
import { createReminderService } from '../modules/reminders/reminders.service.ts';
import { createUserService } from '../modules/users/users.service.ts';
import { createMessengerInbound } from './inbound.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A second messenger's transport, as MAX's adapter hands its updates over. */
const fromMax = (externalId: string) => ({ messenger: 'max' as const, externalId });

function inboundOf(appPublished = true) {
  const db = t.database.db;
  const userService = createUserService(db, []);
  const membership = { record: vi.fn(async () => {}) };
  const reminders = createReminderService({
    db,
    notifications: t.app.telegram.notifications,
    timeZone: 'Europe/Moscow',
    daysBefore: [3, 1],
    log: { error: () => {}, info: () => {} },
  });
  const inbound = createMessengerInbound({
    handlers: [reminderHandlers(reminders)],
    appPublished,
    users: userService,
    membership,
  });
  return { inbound, membership };
}

function press(externalId: string, data: string) {
  const answers: { text: string; alert?: boolean }[] = [];
  const tap: ButtonPress = {
    from: fromMax(externalId),
    data,
    answer: async (text, options) => {
      answers.push({ text, ...options });
    },
    ask: async () => 'mid.question',
  };
  return { tap, answers };
}

describe('the inbound, whichever messenger carries the update', () => {
  it('a tap from another messenger reaches the same handler, for the person that messenger knows', async () => {
    const { inbound, membership } = inboundOf();
    await inbound.seenInCommunity({
      from: fromMax('9100001'),
      username: 'in_max',
      firstName: 'Макс',
      lastName: null,
      member: true,
    });
    const [identity] = await t.database.db
      .select()
      .from(messengerIdentities)
      .where(eq(messengerIdentities.externalId, '9100001'));
    const userId = identity?.userId as number;
    expect(identity?.messenger).toBe('max');
    expect(membership.record).toHaveBeenCalledWith(userId, true);

    const { tap, answers } = press('9100001', 'reminders:off');
    expect(await inbound.pressed(tap)).toBe(true);
    expect(answers).toEqual([
      { text: 'Напоминания выключены. Включить их снова можно в разделе «Мои данные».', alert: true },
    ]);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
    expect(row).toMatchObject({ messenger: 'max', username: 'in_max', couponRemindersOff: true });
  });

  it('leaves a tap it has no handler for, and a reply to nothing it asked, to the transport', async () => {
    const { inbound } = inboundOf();
    const { tap, answers } = press('9100002', 'someone-else:1');
    expect(await inbound.pressed(tap)).toBe(false);
    expect(answers).toEqual([]);
    const said = vi.fn();
    expect(
      await inbound.replied({ from: fromMax('9100002'), toMessageId: 'mid.x', text: 'привет', say: said }),
    ).toBe(false);
    expect(said).not.toHaveBeenCalled();
  });

  it('a start offers the app where it is published, and says why not where it is not', async () => {
    const said: { text: string; buttons: MessageButtons | null }[] = [];
    const say = async (text: string, buttons: MessageButtons | null) => {
      said.push({ text, buttons });
    };
    await inboundOf(true).inbound.started({ from: fromMax('9100003'), payload: undefined, say });
    await inboundOf(false).inbound.started({ from: fromMax('9100003'), payload: undefined, say });
    expect(said[0]?.buttons).toEqual([[{ text: 'Открыть приложение', app: '' }]]);
    expect(said[1]).toMatchObject({ buttons: null, text: expect.stringContaining('не опубликовано') });
  });
});
