import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_USERS } from '../src/db/seed/demo-users.ts';
import { signInitData } from '../src/telegram/init-data.ts';
import { startAppServer } from './app-server.ts';
import type { OpenLoadJob, OpenLoadResult } from './open-load.ts';
import { outputOf, runTs } from './processes.ts';
import type { ReportsLoadJob, ReportsLoadResult } from './reports-load.ts';

/** What season-data.ts wrote. */
export interface SeasonData {
  partners: number;
  offers: number;
  purchases: number;
  auditEvents: number;
}

/** Admins beside the demo one (season-data.ts writes them): three people asking for reports at once. */
export const SEASON_ADMINS = [800_100_002, 800_100_003];

/** My QR's poll while the reports run, and alone: phones polling, at a rate a busy day brings. */
const POLL_RATE = 100;
const SECONDS = 8;
const ROUNDS = 2;

export interface ReportsMeasure {
  season: SeasonData;
  period: { from: string; to: string };
  rounds: { idle: OpenLoadResult; loaded: OpenLoadResult; reports: ReportsLoadResult[] }[];
}

const openLoad = async (job: OpenLoadJob) =>
  JSON.parse(await outputOf(runTs('server/bench/open-load.ts', [JSON.stringify(job)]))) as OpenLoadResult;

/**
 * The largest reports a period allows (400 days of a busy season), three people asking for them
 * again and again, against My QR's poll: its p99 with the reports running, and with nothing else,
 * alternating. The season is written into the server's PGlite while the server is stopped.
 */
export async function measureReports(): Promise<ReportsMeasure> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kss-bench-reports-'));
  try {
    await (await startAppServer({ dataDir })).stop();
    const season = JSON.parse(
      await outputOf(runTs('server/bench/season-data.ts', [], { env: { DATA_DIR: dataDir } })),
    ) as SeasonData;
    const server = await startAppServer({ dataDir });
    try {
      const auth = (user: { id: number; username: string; firstName: string }) => ({
        authorization: `tma ${signInitData({ ...user, lastName: null }, server.botToken)}`,
      });
      const member = DEMO_USERS[2];
      const myQr = `${server.base}/api/coupon/valid/qr/customer/${member.username}`;
      const etag = (await fetch(myQr, { headers: auth(member) })).headers.get('etag') ?? '';
      const poll: OpenLoadJob = {
        url: myQr,
        headers: { ...auth(member), 'if-none-match': etag },
        perSecond: POLL_RATE,
        seconds: SECONDS,
        expect: 304,
      };
      const to = new Date().toISOString().slice(0, 10);
      const from = new Date(Date.now() - 399 * 86_400_000).toISOString().slice(0, 10);
      const period = new URLSearchParams({ from, to });
      const admins = [
        DEMO_USERS[0],
        ...SEASON_ADMINS.map((id) => ({ id, username: `season_admin_${id}`, firstName: 'Админ' })),
      ];
      const [first, second, third] = admins.map(auth);
      const reports: ReportsLoadJob = {
        seconds: SECONDS,
        people: [
          {
            name: 'redemptions, every row (JSON)',
            url: `${server.base}/api/reports/redemptions?${period}`,
            headers: first ?? {},
          },
          {
            name: 'weekly, every offer (JSON)',
            url: `${server.base}/api/reports/weekly?${period}`,
            headers: second ?? {},
          },
          {
            name: 'audit log (CSV)',
            url: `${server.base}/api/admin/audit?${period}&format=csv`,
            headers: third ?? {},
          },
        ],
      };
      const rounds: ReportsMeasure['rounds'] = [];
      await openLoad({ ...poll, seconds: 1 });
      for (let round = 0; round < ROUNDS; round += 1) {
        const idle = await openLoad(poll);
        const [loaded, load] = await Promise.all([
          openLoad(poll),
          outputOf(runTs('server/bench/reports-load.ts', [JSON.stringify(reports)])),
        ]);
        rounds.push({ idle, loaded, reports: JSON.parse(load) as ReportsLoadResult[] });
      }
      return { season, period: { from, to }, rounds };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const ms = (value: number) => value.toFixed(1);

export function printReports(measure: ReportsMeasure) {
  const { season, period } = measure;
  console.log(
    `\nPGlite: My QR's poll (${POLL_RATE} req/s offered, ${SECONDS} s) alone and while three people ask for the largest reports (${period.from}..${period.to}, ${season.purchases} purchases, ${season.auditEvents} audit rows, ${season.offers} offers) over and over:`,
  );
  console.table(
    measure.rounds.map((round, index) => ({
      round: index + 1,
      'idle p99 ms': ms(round.idle.p99),
      'with reports p99 ms': ms(round.loaded.p99),
      ratio: `${(round.loaded.p99 / round.idle.p99).toFixed(2)}×`,
      'with reports max ms': ms(round.loaded.max),
      'wrong answers': round.idle.wrong + round.loaded.wrong,
    })),
  );
  console.table(
    measure.rounds.flatMap((round, index) =>
      round.reports.map((report) => ({
        round: index + 1,
        report: report.name,
        made: report.reports,
        refused: report.wrong,
        'KB each': Math.round(report.bytes / 1000),
        'p50 s': (report.p50 / 1000).toFixed(2),
        'max s': (report.max / 1000).toFixed(2),
      })),
    ),
  );
}
