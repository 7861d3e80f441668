import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPartnerWithCoupons, buyCoupon } from '../../test/fixtures.ts';
import { createTestApp, type TestApp, telegramUser } from '../../test/harness.ts';

/**
 * A bounded fuzz over every route: malformed paths, bodies and headers, as an admin (who gets
 * furthest), a plain member and nobody. No answer may be a 5xx, every refusal is the app's own
 * Russian JSON with the security headers, and a refused request changes no row.
 */

let t: TestApp;
const admin = telegramUser('fuzz_admin');
const member = telegramUser('fuzz_member');
let couponId: number;

beforeAll(async () => {
  // The limits would answer 429 before a handler ever saw the input; they are shown elsewhere.
  t = await createTestApp({ env: { ADMIN_USERNAMES: 'fuzz_admin' }, rateLimits: false });
  for (const user of [admin, member]) t.botApi.members.set(user.id, 'member');
  couponId = (
    await addPartnerWithCoupons(t, admin, { companyName: 'Фазз', spokesmanNickname: 'fuzz_admin' }, [
      { price: 150, discount: 750 },
    ])
  ).couponIds[0] as number;
  await buyCoupon(t, member, couponId);
});
afterAll(() => t.close());

interface Route {
  method: string;
  path: string;
}

/** Every route the app serves, read from Fastify's own printed tree (one line per node). */
function routesOf(tree: string): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (.+?) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    const depth = (match[1] as string).length / 4;
    stack.length = depth;
    const path = `${stack.at(-1) ?? ''}${match[2]}`;
    stack.push(path);
    for (const method of (match[3] as string).split(', ')) {
      if (method !== 'HEAD') routes.push({ method, path });
    }
  }
  return routes;
}

const NUL = '\u0000';
/** Values a path parameter is given: each is wrong for some parameter, some for all. */
const BAD_SEGMENTS = [
  '%00',
  `a%00b`,
  '%E0%A4%A',
  '%',
  '%C0%AF',
  'x'.repeat(300),
  '0x10',
  '1e3',
  '%2012%20',
  '012',
  '-1',
  '99999999999999999999999',
  '9007199254740993',
  '%F0%9F%9B%B6',
  "'%20OR%201=1--",
  '..%2F..%2Fetc',
  'null',
  '%D0%9A%D0%B0%D1%80%D0%B5%D0%BB%D0%B8%D1%8F',
];
/** Bodies sent to every route that reads one. */
const BAD_BODIES: Array<InjectOptions['payload'] | undefined> = [
  undefined,
  '',
  'null',
  '[]',
  '{"',
  '{"a":1}',
  JSON.stringify({ region: NUL, companyName: `x${NUL}`, name: NUL, link: `https://t.me/${NUL}` }),
  JSON.stringify({ email: 'a@b.c', amount: '1e3', price: '0x10', discount: ' 12 ', couponId: '012' }),
  '{"price":1e309,"discount":-1,"lat":"NaN","lon":9007199254740993,"couponId":2147483648}',
  JSON.stringify({ type: 'notification', event: NUL, object: { id: NUL, payment_id: `p${NUL}` } }),
  JSON.stringify({ type: 'notification', event: 'payment.succeeded', object: { id: 'x'.repeat(5000) } }),
  JSON.stringify({ nested: JSON.parse(`${'{"a":'.repeat(200)}1${'}'.repeat(200)}`) }),
  JSON.stringify(Array.from({ length: 2000 }, (_, i) => i)),
];

function fillPath(path: string, segment: string): string {
  return path.replace(/:[A-Za-z]+(\|:[A-Za-z]+)*/g, segment);
}

// Both drivers (node-postgres, PGlite) answer a raw query with `{ rows }`.
const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as { rows: T[] }).rows;

/** The tables a refused request must leave as they were. */
async function watchedTables(): Promise<string[]> {
  const rows = await rowsOf<{ tablename: string }>(
    sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public'
        AND tablename NOT IN ('rate_limit_counters', 'redemptions') ORDER BY tablename`,
  );
  return rows.map(({ tablename }) => tablename);
}

/**
 * Every statement that writes to a watched table, committed or not, moves one sequence: reading it
 * costs a round trip, where a digest of every table costs a scan of each. Only when it moved is the
 * digest asked. A sequence ignores rollbacks and is the database's own, so another file's writes to
 * another database (the PostgreSQL pass) never move it.
 */
async function watchWrites(tables: string[]): Promise<() => Promise<string>> {
  const statements = [
    'CREATE SEQUENCE fuzz_writes',
    `CREATE FUNCTION fuzz_count_write() RETURNS trigger LANGUAGE plpgsql AS
       $$ BEGIN PERFORM nextval('fuzz_writes'); RETURN NULL; END $$`,
    ...tables.map(
      (table) => `CREATE TRIGGER fuzz_count_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "${table}"
        FOR EACH STATEMENT EXECUTE FUNCTION fuzz_count_write()`,
    ),
  ];
  for (const statement of statements) await t.database.db.execute(sql.raw(statement));
  return async () => {
    const [row] = await rowsOf<{ writes: string }>(
      sql`SELECT last_value::text || is_called::text AS writes FROM fuzz_writes`,
    );
    return row?.writes ?? '';
  };
}

/** A digest of every watched table, in one query. */
function digestQuery(tables: string[]): ReturnType<typeof sql> {
  const digests = tables.map(
    (table) =>
      `SELECT '${table}' AS name, md5(string_agg(r::text, '|' ORDER BY r::text)) AS digest FROM "${table}" r`,
  );
  return sql.raw(
    `SELECT string_agg(name || ':' || coalesce(digest, ''), ',' ORDER BY name) AS tables_digest FROM (${digests.join(' UNION ALL ')}) d`,
  );
}

type Caller = 'admin' | 'member' | 'nobody';
interface Outcome {
  caller: Caller;
  method: string;
  url: string;
  status: number;
  body: string;
  headers: LightMyRequestResponse['headers'];
}

async function send(caller: Caller, options: InjectOptions): Promise<Outcome> {
  const response =
    caller === 'nobody'
      ? await t.app.inject(options)
      : await t.as(caller === 'admin' ? admin : member).request(options);
  return {
    caller,
    method: String(options.method),
    url: String(options.url),
    status: response.statusCode,
    body: response.body,
    headers: response.headers,
  };
}

const isRussianJsonError = (outcome: Outcome) => {
  try {
    const body = JSON.parse(outcome.body) as { error?: unknown; message?: unknown };
    return typeof body.error === 'string' && typeof body.message === 'string' && /[а-яё]/i.test(body.message);
  } catch {
    return false;
  }
};

describe('malformed input on every route', () => {
  it('never answers 5xx, refuses in Russian JSON with the security headers, and changes no row', async () => {
    const routes = routesOf(t.app.printRoutes({ commonPrefix: false }));
    expect(routes.length).toBeGreaterThan(40);
    const outcomes: Outcome[] = [];
    const changedByRefusal: string[] = [];
    const tables = await watchedTables();
    const writes = await watchWrites(tables);
    const digestOfRows = digestQuery(tables);
    const digest = async () =>
      (await rowsOf<{ tables_digest: string }>(digestOfRows))[0]?.tables_digest ?? '';
    /** The rows as last looked at, and the writes counted then. */
    let seen = { writes: await writes(), digest: await digest() };
    const lookAgain = async () => {
      const now = await writes();
      if (now === seen.writes) return seen.digest;
      seen = { writes: now, digest: await digest() };
      return seen.digest;
    };

    for (const route of routes) {
      for (const caller of ['admin', 'member', 'nobody'] as const) {
        const attempts: InjectOptions[] = BAD_SEGMENTS.map((segment) => ({
          method: route.method as InjectOptions['method'],
          url: fillPath(route.path, segment),
        }));
        if (route.method === 'POST' || route.method === 'PUT') {
          const url = fillPath(route.path, '1');
          for (const payload of BAD_BODIES) {
            attempts.push({
              method: route.method,
              url,
              payload,
              headers: { 'content-type': 'application/json' },
            });
          }
          attempts.push({
            method: route.method,
            url,
            payload: 'a=1',
            headers: { 'content-type': 'text/xml' },
          });
        }
        attempts.push({
          method: route.method as InjectOptions['method'],
          url: `${fillPath(route.path, '1')}?x=%00`,
        });
        // A route without parameters gets the same request for every bad segment: sent once.
        const distinct = new Map(attempts.map((attempt) => [JSON.stringify(attempt), attempt]));
        for (const attempt of distinct.values()) {
          const outcome = await send(caller, attempt);
          outcomes.push(outcome);
          if (outcome.status >= 400) {
            const before = seen.digest;
            if ((await lookAgain()) !== before)
              changedByRefusal.push(`${outcome.caller} ${outcome.method} ${outcome.url} → ${outcome.status}`);
          } else {
            if (route.method === 'DELETE' && route.path === '/api/me') {
              // The caller was erased: as they open the app again their profile is written anew,
              // which is that request's doing, not a refusal's.
              await send(caller, { method: 'GET', url: '/api/me' });
            }
            // A coupon it issued or moved gets its QR drawn after the answer: that too is its doing.
            await t.app.qrImages.settled();
            await lookAgain();
          }
        }
      }
    }

    expect(outcomes.length).toBeGreaterThan(3500);
    const failures = outcomes.filter((outcome) => outcome.status >= 500);
    expect(failures.map((o) => `${o.caller} ${o.method} ${o.url} → ${o.status}`)).toEqual([]);
    const refusals = outcomes.filter((outcome) => outcome.status >= 400 && outcome.status !== 404);
    expect(
      refusals.filter((o) => !isRussianJsonError(o)).map((o) => `${o.method} ${o.url} → ${o.body}`),
    ).toEqual([]);
    expect(
      outcomes
        .filter((o) => o.headers['x-content-type-options'] !== 'nosniff')
        .map((o) => `${o.method} ${o.url}`),
    ).toEqual([]);
    expect(changedByRefusal).toEqual([]);
    // The watch itself sees a change when there is one.
    const beforeWrite = seen.digest;
    const added = await t.as(admin).post('/api/admin/calendar-links', {
      buttonText: 'Сплав по Шуе',
      link: 'https://calendar.example.org/shuya',
    });
    expect(added.statusCode).toBe(201);
    expect(await lookAgain()).not.toBe(beforeWrite);
  }, 240_000);

  it('refuses a NUL byte with 400 naming the field, on the unauthenticated YooKassa webhook too', async () => {
    const yookassa = await createTestApp({
      env: { PAYMENT_PROVIDER: 'yookassa', YOOKASSA_SHOP_ID: '1', YOOKASSA_SECRET_KEY: 'k' },
    });
    try {
      const response = await yookassa.app.inject({
        method: 'POST',
        url: '/api/payments/webhook/yookassa',
        payload: { type: 'notification', event: 'payment.succeeded', object: { id: `2f${NUL}` } },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'bad_request', field: 'object.id' });
    } finally {
      await yookassa.close();
    }
    const inPath = await t.as(admin).get(`/api/coupon/scan/abc%00def`);
    expect(inPath.statusCode).toBe(400);
    expect(inPath.json()).toMatchObject({ error: 'bad_request', field: 'qrToken' });
  });

  it('parses ids strictly: 0x10, 1e3, « 12 » and 012 are not numbers', async () => {
    for (const id of ['0x10', '1e3', '%2012%20', '012']) {
      const response = await t.as(member).post(`/api/payments/${id}`);
      expect({ id, status: response.statusCode }).toEqual({ id, status: 400 });
    }
    expect((await t.as(member).post(`/api/payments/${couponId}`)).statusCode).toBe(200);
  });

  it('answers 401 to init data signed for a user id beyond 2^53', async () => {
    const fields = new URLSearchParams({
      auth_date: String(Math.floor(Date.now() / 1000)),
      query_id: 'fuzz',
      signature: '',
      user: '{"id":9007199254740995,"first_name":"Огромный","username":"huge_id"}',
    });
    const checkString = [...fields]
      .map(([key, value]) => `${key}=${value}`)
      .sort()
      .join('\n');
    const secret = createHmac('sha256', 'WebAppData').update(t.botToken).digest();
    fields.set('hash', createHmac('sha256', secret).update(checkString).digest('hex'));
    const initData = fields.toString();
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `tma ${initData}` },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('malformed requests the router or Node refuse before any route', () => {
  let base: string;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  const raw = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
      const req = httpRequest(`${base}${path}`, { headers }, (res) => {
        let body = '';
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on('error', reject);
      req.end();
    });

  it.each([
    ['bad percent-encoding', '/api/partners/types/%E0%A4%A', {}],
    ['a path parameter over the limit', `/api/coupon/scan/${'x'.repeat(2000)}`, {}],
    ['oversized headers', '/api/health', { 'x-big': 'y'.repeat(20_000) }],
  ] as const)(
    'answers %s in the app’s own Russian JSON with the security headers',
    async (_what, path, headers) => {
      const response = await raw(path, headers);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const body = JSON.parse(response.body) as { error: string; message: string };
      expect(body.message).toMatch(/[а-яё]/i);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toBeDefined();
    },
  );
});
