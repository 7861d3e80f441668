import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness.ts';
import { openDatabase } from './client.ts';

const base = process.env.TEST_DATABASE_URL;
const name = `t_client_${randomBytes(4).toString('hex')}`;

async function onServer(statement: string) {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

// A connection's startup parameters: PostgreSQL only.
describe.skipIf(!base)('connections to PostgreSQL', () => {
  const url = new URL(base ?? 'postgres://x/y');
  url.pathname = `/${name}`;
  beforeAll(() => onServer(`CREATE DATABASE ${name}`));
  afterAll(() => onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));

  const statementTimeoutOf = async (throughPgbouncer: boolean) => {
    const database = await openDatabase({ url: url.toString(), dataDir: '', throughPgbouncer });
    try {
      const result = (await database.db.execute(sql`SHOW statement_timeout`)) as unknown as {
        rows: { statement_timeout: string }[];
      };
      return result.rows[0]?.statement_timeout;
    } finally {
      await database.close();
    }
  };

  it('name prepared statements, but none through PgBouncer, where a name lives on one server connection', async () => {
    for (const throughPgbouncer of [false, true]) {
      const database = await openDatabase({ url: url.toString(), dataDir: '', throughPgbouncer });
      try {
        const name = database.statementName('answer');
        const prepared = database.db
          .select({ answer: sql<number>`42` })
          .from(sql`(SELECT 1) AS one`)
          .prepare(name);
        // Twice: a named statement is parsed once, an unnamed one every time.
        expect([await prepared.execute(), await prepared.execute(), name]).toEqual([
          [{ answer: 42 }],
          [{ answer: 42 }],
          throughPgbouncer ? '' : 'answer',
        ]);
      } finally {
        await database.close();
      }
    }
  });

  it('carry the statement timeout, and none through PgBouncer, which would refuse them', async () => {
    expect(await statementTimeoutOf(false)).toBe('5s');
    // The server's own setting (the role's, behind PgBouncer); this server has none.
    expect(await statementTimeoutOf(true)).toBe('0');
  });
});

// The embedded database's own settings: PGlite only.
describe.skipIf(!!base)('the embedded database', () => {
  it('prices a page read at random as a page in memory, so small reads take their index', async () => {
    const { database } = await openTestDatabase();
    try {
      const result = (await database.db.execute(sql`SHOW random_page_cost`)) as unknown as {
        rows: { random_page_cost: string }[];
      };
      expect(result.rows[0]?.random_page_cost).toBe('1.1');
    } finally {
      await database.close();
    }
  });
});
