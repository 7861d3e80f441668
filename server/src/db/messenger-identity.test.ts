import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsUpTo } from '../../test/migrations-up-to.ts';
import { migratePostgres } from './migrate-postgres.ts';

/**
 * The identity migration (0034, ADR 0019) on a season's data written before it: every row kept,
 * every Telegram user the same person under the same id, with one Telegram identity each; message
 * ids kept as text; usernames, and the roles and gifts bound to one, Telegram's. On PGlite, and on
 * PostgreSQL with TEST_DATABASE_URL.
 */
const MIGRATION = '0034_messenger_identity';
const migrations = migrationsUpTo();
afterAll(() => migrations.cleanUp());

/** A season before the migration: an admin, a partner with a staff member, a buyer, a gift held, a sent QR, a rating asked about. */
const SEASON = `
  INSERT INTO users (id, username, first_name, is_chat_member, email) VALUES
    (5001, 'Season_Admin', 'Анна', true, NULL), (5002, 'season_partner', 'Пётр', true, NULL),
    (5003, 'season_buyer', 'Борис', true, 'b@example.ru'), (5004, NULL, 'Без ника', false, NULL);
  INSERT INTO admin_bindings (username, user_id) VALUES ('season_admin', 5001);
  INSERT INTO partners (id, region, company_name, partner_type, phone, address, email, spokesman_username, spokesman_user_id)
    VALUES (900, 'Карелия', 'Сезонная', 'ШКОЛА', '79110000000', 'Петрозаводск', 'p@example.ru', 'season_partner', 5002);
  INSERT INTO partner_staff (partner_id, username) VALUES (900, 'season_staff');
  INSERT INTO coupons (id, partner_id, price, discount, status) VALUES (900, 900, 100, 500, 'ACCEPTED');
  INSERT INTO payments (id, coupon_id, user_id, provider, amount, status)
    VALUES ('00000000-0000-4000-8000-000000000901', 900, 5003, 'sandbox', 100, 'SUCCEEDED');
  INSERT INTO purchased_coupons (id, coupon_id, payment_id, owner_id, qr_token, verified)
    VALUES ('00000000-0000-4000-8000-000000000902', 900, '00000000-0000-4000-8000-000000000901', 5003, 'season-token', true);
  INSERT INTO gifts (purchased_coupon_id, from_user_id, to_username, status)
    VALUES ('00000000-0000-4000-8000-000000000902', 5003, 'Friend_Later', 'HELD');
  INSERT INTO notifications (kind, event_key, chat_id, text, sent_at, message_id)
    VALUES ('COUPON_QR', '00000000-0000-4000-8000-000000000902', 5003, 'Ваш QR', now(), 4242);
  INSERT INTO visit_ratings (purchased_coupon_id, partner_id, user_id, stars, comment_prompt_message_id)
    VALUES ('00000000-0000-4000-8000-000000000902', 900, 5003, 5, 777);
`;

/** Every table's rows, as text, but the columns the migration adds. */
const ADDED = new Set(['messenger', 'spokesman_messenger', 'to_messenger']);
async function everyRow(query: (text: string) => Promise<Record<string, unknown>[]>) {
  const tables = await query(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_name <> 'messenger_identities' ORDER BY 1",
  );
  const all: Record<string, unknown[]> = {};
  for (const { table_name: table } of tables) {
    const rows = await query(`SELECT * FROM "${table}" ORDER BY 1`);
    all[table as string] = rows.map((row) =>
      Object.fromEntries(
        Object.entries(row)
          .filter(([column]) => !ADDED.has(column))
          .map(([column, value]) => [column, value === null ? null : String(value)]),
      ),
    );
  }
  return all;
}

async function season(
  query: (text: string) => Promise<Record<string, unknown>[]>,
  migrateRest: () => Promise<void>,
) {
  const before = await everyRow(query);
  await migrateRest();
  const after = await everyRow(query);
  return { before, after };
}

function expectSeasonKept(before: Record<string, unknown[]>, after: Record<string, unknown[]>) {
  expect(after).toEqual(before);
  expect(after.users).toHaveLength(4);
}

async function expectIdentities(query: (text: string) => Promise<Record<string, unknown>[]>) {
  expect(
    await query('SELECT messenger, external_id, user_id::text FROM messenger_identities ORDER BY user_id'),
  ).toEqual(
    ['5001', '5002', '5003', '5004'].map((id) => ({ messenger: 'telegram', external_id: id, user_id: id })),
  );
  for (const [table, column] of [
    ['users', 'messenger'],
    ['admin_bindings', 'messenger'],
    ['partners', 'spokesman_messenger'],
    ['partner_staff', 'messenger'],
    ['gifts', 'to_messenger'],
    ['notifications', 'messenger'],
  ])
    expect(await query(`SELECT DISTINCT "${column}" AS m FROM "${table}"`)).toEqual([{ m: 'telegram' }]);
  expect(await query("SELECT message_id FROM notifications WHERE text = 'Ваш QR'")).toEqual([
    { message_id: '4242' },
  ]);
  expect(await query('SELECT comment_prompt_message_id AS id FROM visit_ratings')).toEqual([{ id: '777' }]);

  // A new Telegram user gets their identity with their row; someone from MAX may hold a username a
  // Telegram user holds, and gets an id above every Telegram id.
  await query("INSERT INTO users (id, username, first_name) VALUES (5005, 'new_one', 'Новый')");
  expect(
    await query("SELECT user_id::text AS id FROM messenger_identities WHERE external_id = '5005'"),
  ).toEqual([{ id: '5005' }]);
  const [made] = await query(
    "INSERT INTO users (id, messenger, username, first_name) VALUES (nextval('users_internal_id_seq'), 'max', 'season_buyer', 'Борис из MAX') RETURNING id::text AS id",
  );
  expect(BigInt(String(made?.id))).toBeGreaterThanOrEqual(2n ** 52n);
  expect(
    await query(`SELECT count(*)::int AS n FROM messenger_identities WHERE user_id = ${made?.id}`),
  ).toEqual([{ n: 0 }]);
  await expect(query("INSERT INTO users (id, username) VALUES (5006, 'SEASON_BUYER')")).rejects.toThrow();
}

const base = process.env.TEST_DATABASE_URL;
describe('the identity migration on a season written before it', () => {
  // The PostgreSQL pass runs the same on PostgreSQL.
  it.skipIf(!!base)('keeps every row and every Telegram user on PGlite', async () => {
    const client = await PGlite.create();
    try {
      const db = drizzle({ client });
      await migrate(db, { migrationsFolder: migrations.folder(MIGRATION, false) });
      await client.exec(SEASON);
      const query = async (text: string) => (await client.query<Record<string, unknown>>(text)).rows;
      const { before, after } = await season(query, () =>
        migrate(db, { migrationsFolder: migrations.folder(MIGRATION, true) }),
      );
      expectSeasonKept(before, after);
      await expectIdentities(query);
    } finally {
      await client.close();
    }
  });

  it.skipIf(!base)('keeps every row and every Telegram user on PostgreSQL', async () => {
    const name = `t_identity_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(base as string);
    url.pathname = `/${name}`;
    const client = new pg.Client({ connectionString: url.toString() });
    try {
      await client.connect();
      await migratePostgres(client, migrations.folder(MIGRATION, false));
      await client.query(SEASON);
      const query = async (text: string) => (await client.query<Record<string, unknown>>(text)).rows;
      const { before, after } = await season(query, () =>
        migratePostgres(client, migrations.folder(MIGRATION, true)),
      );
      expectSeasonKept(before, after);
      await expectIdentities(query);
    } finally {
      await client.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
