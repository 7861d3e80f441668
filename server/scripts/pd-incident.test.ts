import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_PERSONAL_DATA, PERSONAL_DATA } from '../src/modules/privacy/personal-data-map.ts';
import { addPartnerWithCoupons, buyCoupon } from '../test/fixtures.ts';
import { createTestApp, type TestApp, telegramUser } from '../test/harness.ts';
import { pdIncident } from './pd-incident.ts';

const outDir = mkdtempSync(path.join(tmpdir(), 'kss-pd-incident-'));
let t: TestApp;
const admin = telegramUser('pdi_admin');
const buyer = telegramUser('pdi_buyer');

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_USERNAMES: 'pdi_admin' } });
  t.botApi.members.set(buyer.id, 'member');
  const { couponIds } = await addPartnerWithCoupons(t, admin, {}, [{ price: 100, discount: 400 }]);
  await buyCoupon(t, buyer, couponIds[0] as number);
});
afterAll(async () => {
  await t.close();
  rmSync(outDir, { recursive: true, force: true });
});

describe('npm run pd-incident', () => {
  it('knows every table: each holds personal data of the kinds it names, or none', async () => {
    const { rows } = (await t.database.db.execute(
      sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
    )) as unknown as { rows: Array<{ tablename: string }> };
    const known = [...PERSONAL_DATA.map((entry) => entry.table), ...NO_PERSONAL_DATA].sort();
    expect(known).toEqual(rows.map((row) => row.tablename));
  });

  it('counts the people of each table and writes the summary and the audit extract', async () => {
    const done = await pdIncident(t.database, { outDir, days: 1 });

    const line = (table: string) => done.summary.split('\n').find((l) => l.startsWith(`${table} `));
    // The admin and the buyer have opened the app; the partner's spokesman is only a username.
    expect(line('payments')).toMatch(/^payments\s+1\s+платежи/);
    expect(line('users')).toMatch(/^users\s+2\s+Telegram id/);
    expect(line('geo_points')).toMatch(/^geo_points\s+0\s/);
    expect(readFileSync(path.join(done.dir, 'summary.txt'), 'utf8')).toBe(done.summary);
    const csv = readFileSync(path.join(done.dir, 'audit-events.csv'), 'utf8');
    expect(csv.split('\r\n')[0]).toBe('\uFEFFВремя (UTC);Событие;Кто (Telegram id);О чем;Подробности');
    expect(csv).toContain(`;payment.started;${buyer.id};payment:`);
    expect(done.auditEvents).toBe(csv.trimEnd().split('\r\n').length - 1);
  });

  it('runs as the operator runs it, printing the summary and where the files went', async () => {
    if (t.databaseUrl) return; // The subprocess is shown once, on a PGlite folder of its own.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'kss-pd-data-'));
    try {
      const printed = execFileSync('node', ['--import', 'tsx', 'server/scripts/pd-incident.ts'], {
        cwd: path.resolve(import.meta.dirname, '../..'),
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        encoding: 'utf8',
      });
      expect(printed).toMatch(/^Персональные данные в базе на /);
      expect(printed).toMatch(/Written to .*pd-incident-/);
      expect(readdirSync(dataDir).filter((name) => name.startsWith('pd-incident-'))).toHaveLength(1);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
