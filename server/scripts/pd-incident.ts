import 'dotenv/config';
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { asc, gte, sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { auditEvents } from '../src/db/schema.ts';
import { countPersonalData } from '../src/modules/privacy/personal-data-map.ts';
import { csvPieces } from '../src/modules/reports/csv.ts';

/** How far back the audit extract goes unless PD_INCIDENT_DAYS says otherwise. */
const DEFAULT_DAYS = 30;

/**
 * `npm run pd-incident`: what the notice to Роскомнадзор of a personal-data incident needs within
 * 24 hours (152-ФЗ art. 21 p. 3.1), in minutes: for each table, how many people it holds data of and
 * which kinds (printed, and kept as `summary.txt`), and the audit log of the last days as
 * `audit-events.csv` (who did what to which purchase, offer or partner), both in a folder of its own
 * under DATA_DIR. It only reads. PGlite's folder belongs to its server: stop it first.
 */
export async function pdIncident(database: Database, options: { outDir: string; days?: number; now?: Date }) {
  const now = options.now ?? new Date();
  const days = options.days ?? DEFAULT_DAYS;
  const counts = await countPersonalData(database.db);
  const width = Math.max(...counts.map((c) => c.table.length));
  const summary = [
    `Персональные данные в базе на ${now.toISOString()} (число разных людей в каждой таблице):`,
    ...counts.map((c) => `${c.table.padEnd(width)}  ${String(c.people).padStart(7)}  ${c.kinds}`),
    '',
  ].join('\n');

  const dir = path.join(options.outDir, `pd-incident-${now.toISOString().replaceAll(':', '-').slice(0, 19)}`);
  mkdirSync(dir, { recursive: true });
  await pipeline(Readable.from([summary]), createWriteStream(path.join(dir, 'summary.txt')));
  const since = new Date(now.getTime() - days * 24 * 3600_000);
  const events = await database.db
    .select({
      at: auditEvents.at,
      kind: auditEvents.kind,
      actorId: auditEvents.actorId,
      subject: auditEvents.subject,
      details: sql<string>`${auditEvents.details}::text`,
    })
    .from(auditEvents)
    .where(gte(auditEvents.at, since))
    .orderBy(asc(auditEvents.id));
  const table = {
    header: ['Время (UTC)', 'Событие', 'Кто (Telegram id)', 'О чем', 'Подробности'],
    rows: events.map((e) => [e.at.toISOString(), e.kind, e.actorId, e.subject, e.details]),
  };
  await pipeline(Readable.from(csvPieces([table])), createWriteStream(path.join(dir, 'audit-events.csv')));
  return { summary, dir, auditEvents: events.length, since };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const config = loadConfig();
  const days = process.env.PD_INCIDENT_DAYS ? Number(process.env.PD_INCIDENT_DAYS) : undefined;
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    const done = await pdIncident(database, { outDir: config.dataDir, days });
    console.log(done.summary);
    console.log(
      `Audit extract since ${done.since.toISOString()}: ${done.auditEvents} events.\nWritten to ${done.dir}`,
    );
  } finally {
    await database.close();
  }
}
