import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsUpTo } from '../../test/migrations-up-to.ts';

const MIGRATION = '0036_notification_buttons';
const migrations = migrationsUpTo();
afterAll(() => migrations.cleanUp());

/** Messages waiting at the migration, with Telegram's inline keyboards as they were stored. */
const WAITING = `
  INSERT INTO users (id, first_name) VALUES (7001, 'Вера');
  INSERT INTO notifications (kind, event_key, chat_id, text, reply_markup) VALUES
    ('GIFT_RECEIVED', 'g1', 7001, 'Подарок', '{"inline_keyboard":[[{"text":"Мои QR","web_app":{"url":"https://coupons.example.ru/my-coupons"}}]]}'),
    ('VISIT_RATING_ASKED', 'v1', 7001, 'Оцените', '{"inline_keyboard":[[{"text":"1","callback_data":"rate:x:1"},{"text":"2","callback_data":"rate:x:2"}]]}'),
    ('COUPON_EXPIRING', 'e1', 7001, 'Скоро', '{"inline_keyboard":[[{"text":"Открыть QR","url":"https://t.me/bot?startapp=qr-1"},{"text":"Не напоминать","callback_data":"reminders:off"}]]}'),
    ('COUPON_REDEEMED', 'r1', 7001, 'Погашен', NULL);
`;

describe('a message’s buttons as every messenger has them', () => {
  it('are the waiting messages’ Telegram keyboards written anew: the app’s path, callbacks and links, in their order', async () => {
    const client = await PGlite.create();
    try {
      const db = drizzle({ client });
      await migrate(db, { migrationsFolder: migrations.folder(MIGRATION, false) });
      await client.exec(WAITING);
      await migrate(db, { migrationsFolder: migrations.folder(MIGRATION, true) });
      const { rows } = await client.query<{ event_key: string; buttons: unknown }>(
        'SELECT event_key, buttons FROM notifications ORDER BY id',
      );
      expect(rows).toEqual([
        { event_key: 'g1', buttons: [[{ text: 'Мои QR', app: '/my-coupons' }]] },
        {
          event_key: 'v1',
          buttons: [
            [
              { text: '1', callback: 'rate:x:1' },
              { text: '2', callback: 'rate:x:2' },
            ],
          ],
        },
        {
          event_key: 'e1',
          buttons: [
            [
              { text: 'Открыть QR', url: 'https://t.me/bot?startapp=qr-1' },
              { text: 'Не напоминать', callback: 'reminders:off' },
            ],
          ],
        },
        { event_key: 'r1', buttons: null },
      ]);
    } finally {
      await client.close();
    }
  });
});
