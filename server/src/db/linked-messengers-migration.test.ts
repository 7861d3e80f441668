import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsUpTo } from '../../test/migrations-up-to.ts';

const MIGRATION = '0038_linked_messengers';
const migrations = migrationsUpTo();
afterAll(() => migrations.cleanUp());

/** People written before it: a Telegram user (their identity by the trigger) and a MAX person. */
const PEOPLE = `
  INSERT INTO users (id, first_name, username) VALUES (7001, 'Вера', 'vera');
  INSERT INTO users (id, messenger, first_name, username) VALUES (4503599627370496, 'max', 'Макс', 'maks');
  INSERT INTO messenger_identities (messenger, external_id, user_id) VALUES ('max', '555', 4503599627370496);
`;

describe('accounts that may be linked', () => {
  it('keep every identity as it was, and a users row of an internal id is no Telegram identity', async () => {
    const client = await PGlite.create();
    try {
      const db = drizzle({ client });
      await migrate(db, { migrationsFolder: migrations.folder(MIGRATION, false) });
      await client.exec(PEOPLE);
      await migrate(db, { migrationsFolder: migrations.folder(MIGRATION, true) });
      const identities =
        'SELECT messenger, external_id, user_id::text, username FROM messenger_identities ORDER BY external_id';
      expect((await client.query(identities)).rows).toEqual([
        { messenger: 'max', external_id: '555', user_id: '4503599627370496', username: null },
        { messenger: 'telegram', external_id: '7001', user_id: '7001', username: null },
      ]);
      // A Telegram account given a person of its own at an internal id: the trigger makes no identity of it.
      await client.exec(`INSERT INTO users (id, first_name) VALUES (4503599627370497, '')`);
      expect((await client.query(identities)).rows).toHaveLength(2);
      // A second account of one messenger for one person is refused.
      await expect(
        client.exec(
          `INSERT INTO messenger_identities (messenger, external_id, user_id) VALUES ('max', '556', 4503599627370496)`,
        ),
      ).rejects.toThrow(/messenger_identities_user_messenger_key/);
    } finally {
      await client.close();
    }
  });
});
