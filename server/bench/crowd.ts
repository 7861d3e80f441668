/**
 * `npm run bench -- --crowd`: people new to the app keep arriving, CONCURRENT opening it at
 * a time, each next one as soon as another is answered (crowd-load.ts), CROWD_USERS in all. Does the
 * crowd get served roughly in the order it came, or do the first arrivals wait while later ones
 * overtake them? One server process as a user meets it (`npm start`: the stand-in, demo data), on
 * PGlite and, with BENCH_DATABASE_URL, on PostgreSQL; each beside a bare Fastify loaded the same way
 * right before, in the same run.
 */
import { type AppServer, startAppServer } from './app-server.ts';
import { catalogueSteps } from './burst.ts';
import type { CrowdJob, CrowdResult } from './crowd-load.ts';
import { temporaryDatabase } from './postgres.ts';
import { firstLine, outputOf, runTs, stop } from './processes.ts';

/** BENCH_CROWD_USERS makes a shorter run to look at (the figures are for 2,000). */
const CROWD_USERS = Number(process.env.BENCH_CROWD_USERS ?? 2_000);
const CONCURRENT = 64;
const FIRST_USER_ID = 700_000_000;

export interface CrowdMeasure {
  label: string;
  app: CrowdResult;
  bare: CrowdResult;
}

async function crowd(job: CrowdJob): Promise<CrowdResult> {
  return JSON.parse(await outputOf(runTs('server/bench/crowd-load.ts', [JSON.stringify(job)])));
}

export async function measureCrowd(label: string, databaseUrl: string | undefined): Promise<CrowdMeasure> {
  const database = databaseUrl ? await temporaryDatabase(databaseUrl) : undefined;
  const bareProcess = runTs('server/bench/bare-fastify.ts', []);
  let server: AppServer | undefined;
  try {
    server = await startAppServer({ databaseUrl: database?.url });
    const bareBase = await firstLine(bareProcess);
    const steps = await catalogueSteps(server.base, server.botToken);
    const job = {
      botToken: server.botToken,
      firstUserId: FIRST_USER_ID,
      users: CROWD_USERS,
      concurrent: CONCURRENT,
    };
    const bare = await crowd({
      ...job,
      base: bareBase,
      steps: steps.map((step) => ({ ...step, path: '/hello' })),
    });
    const app = await crowd({ ...job, base: server.base, steps });
    return { label, app, bare };
  } finally {
    await server?.stop();
    await stop(bareProcess);
    await database?.drop();
  }
}

const ms = (value: number) => value.toFixed(0);

export function printCrowd(measures: CrowdMeasure[]) {
  console.log(
    `\nThe crowd: ${CROWD_USERS} users new to the app, ${CONCURRENT} opening it at a time (closed model: each next one as soon as another's open is answered), each making a first open's requests one after another, on one server process; bare Fastify loaded the same way right before:`,
  );
  console.table(
    measures.flatMap(({ label, app, bare }) =>
      [
        ['', app],
        ['bare ', bare],
      ].map(([side, result]) => {
        const r = result as CrowdResult;
        return {
          server: `${side}${label}`,
          opens: r.open.count,
          'not 2xx': Object.keys(r.failed).length === 0 ? 0 : JSON.stringify(r.failed),
          's in all': r.seconds.toFixed(1),
          'p50 ms': ms(r.open.p50),
          'p99 ms': ms(r.open.p99),
          'max ms': ms(r.open.max),
          [`first ${CONCURRENT}: max ms`]: ms(r.firstArrivals.max),
          [`first ${CONCURRENT}: over 1 s`]: r.firstArrivals.overOneSecond,
          overtook: r.overtaken,
        };
      }),
    ),
  );
  for (const { label, app, bare } of measures) {
    console.log(
      `${label}: p99 ${(app.open.p99 / bare.open.p99).toFixed(1)}× bare; the slowest open of each ${CONCURRENT} arrivals in order, ms: ${app.slowestByGroup.join(' ')} (bare: ${bare.slowestByGroup.join(' ')})`,
    );
  }
}
