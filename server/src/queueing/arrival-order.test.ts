import Fastify, { type FastifyRequest } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { inArrivalOrder, isCallerGone, stampArrivals } from './arrival-order.ts';
import { stepAside } from './step-aside.ts';
import { isWaitRefused } from './wait-refused.ts';

/** A database that runs one statement at a time, as the test lets it: what it ran, in order. */
interface Held {
  sql: string;
  done: () => void;
  fail: (error: Error) => void;
}

function heldDatabase(limits?: Parameters<typeof inArrivalOrder>[1]) {
  const ran: string[] = [];
  let held: Held | undefined;
  let reached: (() => void) | undefined;
  const client = inArrivalOrder(
    {
      query: (sql: string) =>
        new Promise((resolve, reject) => {
          ran.push(sql);
          held = { sql, done: () => resolve({ rows: [], fields: [] }), fail: reject };
          reached?.();
        }),
      exec: async () => [],
      transaction: async () => undefined,
    } as unknown as Parameters<typeof inArrivalOrder>[0],
    limits,
  );
  /** The statement the database is on now, once it has reached one. */
  const running = (): Promise<Held> => {
    const now = held;
    if (now) return Promise.resolve(now);
    return new Promise((resolve) => {
      reached = () => {
        reached = undefined;
        if (held) resolve(held);
      };
    });
  };
  /** Ends the statement under way (or fails it), then waits for the next to reach the database. */
  const finish = async (error?: Error) => {
    const now = await running();
    held = undefined;
    if (error) now.fail(error);
    else now.done();
  };
  return { client, ran, running, finish };
}

/** A promise the test awaits and a route fulfils (its statement has been asked for). */
function signal() {
  let fire = () => {};
  const fired = new Promise<void>((resolve) => {
    fire = resolve;
  });
  return { fire, fired };
}

let app: ReturnType<typeof Fastify> | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('statements in their requests’ arrival order', () => {
  it('a request that came first has its next statement run before a later request’s first one', async () => {
    const database = heldDatabase();
    const askedA = signal();
    const askedB = signal();
    app = Fastify();
    stampArrivals(app);
    app.get('/first', async () => {
      const first = database.client.query('first: 1');
      askedA.fire();
      await first;
      await database.client.query('first: 2');
      await database.client.query('first: 3');
      return 'ok';
    });
    app.get('/second', async () => {
      const first = database.client.query('second: 1');
      askedB.fire();
      await first;
      return 'ok';
    });
    // Work outside any request holds the database while both requests arrive.
    const background = database.client.query('job');
    await database.running();
    const first = app.inject('/first');
    await askedA.fired;
    const second = app.inject('/second');
    await askedB.fired;
    for (let i = 0; i < 5; i += 1) await database.finish();
    await background;
    expect((await first).body).toBe('ok');
    expect((await second).body).toBe('ok');
    expect(database.ran).toEqual(['job', 'first: 1', 'first: 2', 'first: 3', 'second: 1']);
  });

  it('a request that steps aside between statements lets a later request’s statement go first', async () => {
    const database = heldDatabase();
    const askedReport = signal();
    const askedPoll = signal();
    app = Fastify();
    stampArrivals(app);
    app.get('/report', async () => {
      const first = database.client.query('report: page 1');
      askedReport.fire();
      await first;
      await stepAside();
      await database.client.query('report: page 2');
      return 'ok';
    });
    app.get('/poll', async () => {
      const first = database.client.query('poll');
      askedPoll.fire();
      await first;
      return 'ok';
    });
    const background = database.client.query('job');
    await database.running();
    const report = app.inject('/report');
    await askedReport.fired;
    await database.finish();
    await background;
    // While page 1 runs, work outside a request and then a poll ask for their turns.
    const later = database.client.query('another job');
    const poll = app.inject('/poll');
    await askedPoll.fired;
    for (let i = 0; i < 4; i += 1) await database.finish();
    await later;
    expect((await report).body).toBe('ok');
    expect((await poll).body).toBe('ok');
    // Page 2 was asked while the other job ran, after the poll: the report, older, went first before.
    expect(database.ran).toEqual(['job', 'report: page 1', 'another job', 'poll', 'report: page 2']);
  });

  it('a statement asked of an idle database waits for the loop to turn, not run in the phase that asked', async () => {
    const database = heldDatabase();
    const lone = database.client.query('lone');
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
    expect(database.ran).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(database.ran).toEqual(['lone']);
    await database.finish();
    await lone;
  });

  it('outside requests, statements run in the order they were asked; a failed one lets the next go', async () => {
    const database = heldDatabase();
    const one = database.client.query('one');
    const two = database.client.query('two');
    const three = database.client.query('three');
    await database.finish(new Error('refused'));
    await expect(one).rejects.toThrow('refused');
    await database.finish();
    await database.finish();
    await Promise.all([two, three]);
    expect(database.ran).toEqual(['one', 'two', 'three']);
  });

  it('a read whose caller has gone gives up its turn; a write whose caller has gone still runs', async () => {
    const database = heldDatabase();
    const asked = [signal(), signal()];
    const closed = [signal(), signal()];
    let refusal: unknown;
    const server = Fastify();
    app = server;
    stampArrivals(server);
    const route = (index: number, sql: string) => async (request: FastifyRequest) => {
      request.raw.socket.once('close', closed[index]?.fire ?? (() => {}));
      const statement = database.client.query(sql);
      asked[index]?.fire();
      await statement.catch((error: unknown) => {
        refusal = error;
      });
      return 'ok';
    };
    server.get('/read', route(0, 'read'));
    server.post('/write', route(1, 'write'));
    const background = database.client.query('job');
    await database.running();
    const base = await server.listen({ port: 0, host: '127.0.0.1' });
    for (const [index, method] of ['GET', 'POST'].entries()) {
      const leaving = new AbortController();
      const left = fetch(`${base}/${method === 'GET' ? 'read' : 'write'}`, {
        method,
        signal: leaving.signal,
      });
      await asked[index]?.fired;
      leaving.abort();
      await left.catch(() => {});
      await closed[index]?.fired;
    }
    await database.finish();
    await background;
    await database.finish();
    expect(isCallerGone(refusal)).toBe(true);
    expect(database.ran).toEqual(['job', 'write']);
  });

  it('refuses a read past its bound at once and one past its deadline at its turn; a write waits', async () => {
    const database = heldDatabase({ waiting: 1, waitMs: 50 });
    const ends: string[] = [];
    app = Fastify();
    stampArrivals(app);
    const route = (sql: string) => async () => {
      await database.client.query(sql).then(
        () => ends.push(`${sql} ran`),
        (error: unknown) => ends.push(isWaitRefused(error) ? `${sql} refused` : `${sql} ${String(error)}`),
      );
      return 'ok';
    };
    app.get('/early', route('early read'));
    app.get('/late', route('late read'));
    app.post('/write', route('write'));
    const background = database.client.query('job');
    await database.running();
    const early = app.inject('/early');
    await new Promise((resolve) => setTimeout(resolve, 5));
    // One read waits already: the bound of one refuses the next read, never a write.
    await app.inject('/late');
    const write = app.inject({ method: 'POST', url: '/write' });
    await new Promise((resolve) => setTimeout(resolve, 80));
    await database.finish();
    await background;
    await database.finish();
    await Promise.all([early, write]);
    expect(ends).toEqual(['late read refused', 'early read refused', 'write ran']);
    expect(database.ran).toEqual(['job', 'write']);
  });
});
