import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyCoupon } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { DEMO_USERS } from '../db/seed/demo-users.ts';
import { RequestLog } from './request-log.ts';

/** A stream whose lines are kept, parsed. */
function lineCatcher() {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  return {
    stream,
    messages: () =>
      text
        .split('\n')
        .filter(Boolean)
        .map((line) => (JSON.parse(line) as { msg: string }).msg),
  };
}

describe('the log of `npm start` at its default level', () => {
  let t: TestApp;
  const log = lineCatcher();
  beforeAll(async () => {
    t = await createTestApp({ standIn: true, env: { LOG_LEVEL: 'info' }, logStream: log.stream });
  });
  afterAll(() => t.close());

  it('keeps a payment of a clicked-through session, and not a line per request', async () => {
    const member = DEMO_USERS.find((user) => user.username === 'demo_member');
    if (!member) throw new Error('no demo member');
    const me = { id: member.id, username: member.username, firstName: member.firstName, lastName: null };
    // What start-up said (here: that no web app is built) is not the session's.
    const atStart = log.messages().length;
    await t.app.inject({ method: 'GET', url: '/api/dev/users' });
    for (let look = 0; look < 5; look += 1) {
      await t.as(me).get('/api/me');
      await t.as(me).get('/api/partners/region');
      await t.as(me).get(`/api/coupon/valid/qr/customer/${me.username}`);
      await t.app.inject({ method: 'GET', url: `/api/dev/chat/${me.id}` });
    }
    const offers = (await t.as(me).get('/api/partners/filter/Карелия')).json() as Array<{ id: number }>;
    const [offer] = (await t.as(me).get(`/api/coupons/partner/${offers[0]?.id}`)).json() as Array<{
      id: number;
    }>;
    await buyCoupon(t, me, offer?.id as number);
    await t.deliverNotifications();
    await t.as(me).get('/api/nothing-here');

    expect(log.messages().slice(atStart)).toEqual(['payment settled; coupon issued']);
  });
});

describe('the request log itself', () => {
  async function serve(perRequest: 'info' | 'debug') {
    const log = lineCatcher();
    const app = Fastify({
      logger: { level: 'info', stream: log.stream },
      logController: new RequestLog({ perRequest }),
    });
    app.get('/fine', async () => 'ok');
    app.get('/broken', async () => {
      throw new Error('broken');
    });
    await app.inject({ method: 'GET', url: '/fine' });
    const fine = log.messages();
    await app.inject({ method: 'GET', url: '/broken' });
    await app.close();
    return { fine, broken: log.messages().slice(fine.length) };
  }

  it('keeps production’s line per request', async () => {
    expect((await serve('info')).fine).toEqual(['incoming request', 'request completed']);
  });

  it('elsewhere keeps a request only when it failed', async () => {
    const { fine, broken } = await serve('debug');
    expect(fine).toEqual([]);
    expect(broken).toContain('broken');
  });
});
