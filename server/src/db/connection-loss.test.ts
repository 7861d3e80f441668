import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeBotApi, startFakeBotApi } from '../../../test-support/fake-bot-api.ts';
import { COMMUNITY_CHAT_ID, TEST_BOT_TOKEN } from '../../test/harness.ts';
import {
  freePort,
  type PrivateServers,
  privateServersMissing,
  startPrivateServers,
} from '../../test/private-postgres.ts';
import { httpTexts } from '../http/texts.ts';
import { signInitData, type TelegramUser } from '../telegram/init-data.ts';

/**
 * The database blinks under real server processes (`main.ts`, as production runs them), one
 * straight to PostgreSQL and one through PgBouncer: its connections terminated, PostgreSQL stopped
 * at once and started again (a failover), PgBouncer killed and started again. Each time a request
 * is caught in the middle of its transaction (waiting on a row another connection holds), so the
 * event always finds one in flight. It runs in the PostgreSQL pass (TEST_DATABASE_URL), where CI has
 * installed PgBouncer, on servers of its own: stopping the shared one would fail every other file.
 */
const reason = !process.env.TEST_DATABASE_URL ? 'the PostgreSQL pass runs it' : privateServersMissing;

const main = fileURLToPath(new URL('../main.ts', import.meta.url));
const admin: TelegramUser = { id: 9_100_001, username: 'blink_admin', firstName: 'А', lastName: null };
const partner: TelegramUser = { id: 9_100_002, username: 'blink_partner', firstName: 'П', lastName: null };
let nextBuyer = 9_100_100;

interface ServerProcess {
  name: string;
  child: ChildProcess;
  base: string;
  output: string[];
  botApi: FakeBotApi;
  dataDir: string;
}

/** `main.ts` on `url`, with a fake Telegram of its own. */
async function startServer(name: string, url: string, throughPgbouncer: boolean): Promise<ServerProcess> {
  const botApi = await startFakeBotApi({ token: TEST_BOT_TOKEN });
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kss-blink-'));
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      ...(throughPgbouncer ? { DATABASE_PGBOUNCER: '1' } : {}),
      BOT_TOKEN: TEST_BOT_TOKEN,
      TELEGRAM_API_ROOT: botApi.apiRoot,
      COMMUNITY_CHAT_ID,
      COMMUNITY_CHAT_LINK: 'https://t.me/+test-rafting-chat',
      PAYMENT_PROVIDER: 'sandbox',
      ADMIN_USERNAMES: admin.username as string,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk) => output.push(String(chunk)));
  child.stderr?.on('data', (chunk) => output.push(String(chunk)));
  const server = { name, child, base: `http://127.0.0.1:${port}`, output, botApi, dataDir };
  for (const user of [admin, partner]) botApi.members.set(user.id, 'member');
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} did not start:\n${output.join('')}`);
    if (
      await fetch(`${server.base}/api/csrf`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return server;
    if (Date.now() - started > 60_000) throw new Error(`${name} did not answer:\n${output.join('')}`);
    await sleep(100);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A fetch of the server's, failing with what the server printed when it is not there to answer. */
async function reach(server: ServerProcess, url: string, init?: RequestInit): Promise<Response> {
  return fetch(`${server.base}${url}`, init).catch((error) => {
    const output = server.output.join('').slice(-2000);
    throw new Error(
      `${server.name} gone (exit code ${server.child.exitCode}): ${error.cause?.message}\n${output}`,
    );
  });
}

/** One call as `user`: the answer's status and body. */
async function call(server: ServerProcess, user: TelegramUser, method: string, url: string, body?: unknown) {
  const csrf = (await (await reach(server, '/api/csrf')).json()) as { token: string };
  const res = await reach(server, url, {
    method,
    headers: {
      authorization: `tma ${signInitData(user, TEST_BOT_TOKEN)}`,
      'x-xsrf-token': csrf.token,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined };
}

/** Every first answer a 503 gave, so the test can say none was anything but «the database is away». */
const unavailable: unknown[] = [];

/** A call repeated while the database is away (503), as the app's own retry does, up to 30 s. */
async function settled(
  server: ServerProcess,
  user: TelegramUser,
  method: string,
  url: string,
  body?: unknown,
) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const answer = await call(server, user, method, url, body);
    if (answer.status !== 503) return answer;
    unavailable.push(answer.json);
    if (Date.now() > deadline) throw new Error(`${url}: still 503 after 30 s`);
    await sleep(100);
  }
}

let servers: PrivateServers;
let direct: ServerProcess;
let bounced: ServerProcess;
let watcher: pg.Client;
let couponId: number;

/** A buyer of the stream: pays for a coupon on `server` and has the partner redeem it there. */
async function buyAndRedeem(server: ServerProcess): Promise<string> {
  nextBuyer += 1;
  const buyer: TelegramUser = {
    id: nextBuyer,
    username: `blink_${nextBuyer}`,
    firstName: 'Б',
    lastName: null,
  };
  server.botApi.members.set(buyer.id, 'member');
  expect((await settled(server, buyer, 'POST', '/api/me/consent')).status).toBe(204);
  const start = await settled(server, buyer, 'POST', `/api/payments/${couponId}`);
  expect(start.status).toBe(200);
  const { paymentId, paymentUrl } = start.json as { paymentId: string; paymentUrl: string };
  const deadline = Date.now() + 30_000;
  while ((await reach(server, `${paymentUrl}/pay`, { method: 'POST' })).status >= 500) {
    if (Date.now() > deadline) throw new Error('the sandbox payment never went through');
    await sleep(100);
  }
  const bought = await settled(server, buyer, 'POST', `/api/coupons/buy/${couponId}/${buyer.username}`, {
    paymentId,
  });
  expect(bought.status).toBe(200);
  const id = bought.json.purchasedCouponId as string;
  const redeemed = await settled(
    server,
    partner,
    'POST',
    `/api/coupon/apply/${await tokenOf(id)}/${partner.username}`,
  );
  expect(redeemed.status).toBe(200);
  return id;
}

const tokenOf = async (id: string) =>
  (await watcher.query<{ qr_token: string }>('SELECT qr_token FROM purchased_coupons WHERE id = $1', [id]))
    .rows[0]?.qr_token as string;

/** A watcher's connection, made again after PostgreSQL restarts. */
async function connectWatcher() {
  watcher = new pg.Client({ connectionString: servers.directUrl });
  watcher.on('error', () => {});
  await watcher.connect();
}

/**
 * Each server's redeem of a coupon of its own, held in its transaction by a lock on the coupon's row
 * that another connection takes first; resolves with the redeems' answers once `event` has happened.
 */
async function caughtInFlight(on: ServerProcess[], event: () => Promise<void>) {
  const bought = [];
  for (const server of on) {
    const buyer: TelegramUser = {
      id: ++nextBuyer,
      username: `blink_${nextBuyer}`,
      firstName: 'Б',
      lastName: null,
    };
    server.botApi.members.set(buyer.id, 'member');
    await settled(server, buyer, 'POST', '/api/me/consent');
    const { paymentId, paymentUrl } = (await settled(server, buyer, 'POST', `/api/payments/${couponId}`))
      .json;
    await reach(server, `${paymentUrl}/pay`, { method: 'POST' });
    const { purchasedCouponId } = (
      await settled(server, buyer, 'POST', `/api/coupons/buy/${couponId}/${buyer.username}`, { paymentId })
    ).json;
    bought.push({ server, id: purchasedCouponId as string, token: await tokenOf(purchasedCouponId) });
  }
  const locker = new pg.Client({ connectionString: servers.directUrl });
  locker.on('error', () => {});
  await locker.connect();
  await locker.query('BEGIN');
  await locker.query('SELECT 1 FROM purchased_coupons WHERE id = ANY($1) FOR UPDATE', [
    bought.map((b) => b.id),
  ]);
  const answers = bought.map(({ server, token }) =>
    call(server, partner, 'POST', `/api/coupon/apply/${token}/${partner.username}`),
  );
  for (;;) {
    const { rows } = await watcher.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = 'kss' AND wait_event_type = 'Lock'",
    );
    if ((rows[0]?.n ?? 0) >= bought.length) break;
    await sleep(20);
  }
  await event();
  const inFlight = await Promise.all(answers);
  await locker.query('ROLLBACK').catch(() => {});
  await locker.end().catch(() => {});
  // The next try succeeds, and the coupon is redeemed once.
  for (const { server, token } of bought) {
    expect(
      (await settled(server, partner, 'POST', `/api/coupon/apply/${token}/${partner.username}`)).status,
    ).toBe(200);
  }
  return { inFlight, ids: bought.map((b) => b.id) };
}

describe.skipIf(reason)(
  `a database that blinks under running servers (${reason ?? 'private servers'})`,
  () => {
    beforeAll(async () => {
      servers = await startPrivateServers();
      direct = await startServer('direct', servers.directUrl, false);
      bounced = await startServer('through PgBouncer', servers.bouncerUrl, true);
      await connectWatcher();
      await call(direct, partner, 'GET', '/api/me');
      const added = await call(direct, admin, 'POST', '/api/partner/add', {
        region: 'Карелия',
        companyName: 'Мигающая база',
        partnerType: 'ШКОЛА',
        phoneNumber: '79110000000',
        address: 'Петрозаводск, ул. Речная, 1',
        email: 'partner@example.ru',
        spokesmanNickname: partner.username,
        discountConditions: ['Условие один'],
      });
      expect(added.status).toBe(200);
      const partnerId = added.json.id as number;
      await call(bounced, admin, 'POST', '/api/coupon/apply', { partnerId, price: 80, discount: 400 });
      const asked = (await call(bounced, admin, 'GET', '/api/coupons/to/apply')).json as {
        couponId: number;
      }[];
      couponId = asked[asked.length - 1]?.couponId as number;
      const accepted = await call(direct, admin, 'POST', '/api/coupon/apply/accept', {
        couponId,
        paymentLink: 'https://pay.example/c',
      });
      expect(accepted.status).toBe(200);
    }, 120_000);

    afterAll(async () => {
      for (const server of [direct, bounced]) {
        server?.child.kill('SIGKILL');
        await server?.botApi.close();
        if (server) rmSync(server.dataDir, { recursive: true, force: true });
      }
      await watcher?.end().catch(() => {});
      await servers?.close();
    });

    it('answers the request caught in flight 503 in Russian, stays up, serves the next, loses and doubles nothing', async () => {
      const stream: Promise<string>[] = [];
      const events: Array<[string, ServerProcess[], () => Promise<void>]> = [
        [
          'connections terminated',
          [direct, bounced],
          async () => {
            await watcher.query(
              "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = 'kss' AND pid <> pg_backend_pid()",
            );
          },
        ],
        [
          'PostgreSQL restarted',
          [direct, bounced],
          async () => {
            servers.restartPostgres();
            await connectWatcher();
          },
        ],
        ['PgBouncer restarted', [bounced], () => servers.restartPgbouncer()],
      ];
      const redeemedInFlight: string[] = [];
      for (const [what, on, event] of events) {
        // Purchases and redeems go on around each event.
        for (const server of [direct, bounced]) stream.push(buyAndRedeem(server));
        const { inFlight, ids } = await caughtInFlight(on, event);
        for (const answer of inFlight) {
          expect({ what, status: answer.status, body: answer.json }).toEqual({
            what,
            status: 503,
            body: { error: 'database_unavailable', message: httpTexts.databaseUnavailable },
          });
        }
        redeemedInFlight.push(...ids);
        for (const server of [direct, bounced])
          expect({ what, server: server.name, exitCode: server.child.exitCode }).toEqual({
            what,
            server: server.name,
            exitCode: null,
          });
      }
      const streamed = await Promise.all(stream);

      // Every coupon paid for once, issued once, redeemed once: nothing lost, nothing doubled.
      const all = [...streamed, ...redeemedInFlight];
      const { rows } = await watcher.query<{
        id: string;
        status: string;
        redeems: number;
        per_payment: number;
      }>(
        `SELECT c.id, c.status,
              (SELECT count(*)::int FROM redemptions r WHERE r.purchased_coupon_id = c.id AND r.result = 'REDEEMED') AS redeems,
              (SELECT count(*)::int FROM purchased_coupons o WHERE o.payment_id = c.payment_id) AS per_payment
         FROM purchased_coupons c WHERE c.id = ANY($1)`,
        [all],
      );
      expect(rows).toHaveLength(all.length);
      for (const row of rows)
        expect({ ...row, id: undefined }).toEqual({
          id: undefined,
          status: 'USED',
          redeems: 1,
          per_payment: 1,
        });
      for (const body of unavailable)
        expect(body).toEqual({ error: 'database_unavailable', message: httpTexts.databaseUnavailable });
      for (const server of [direct, bounced]) expect(server.child.exitCode).toBeNull();
    }, 180_000);
  },
);
