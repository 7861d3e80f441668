import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ standIn: true });
});
afterAll(() => t.close());

const csrfToken = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/csrf' })).json().token as string;

describe('the local stand-in', () => {
  it('lists the demo users with their roles and membership', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/users' });
    expect(res.statusCode).toBe(200);
    const byName = Object.fromEntries(
      res.json().map((u: { username: string; role: string; isChatMember: boolean }) => [u.username, u]),
    );
    expect(byName.demo_admin).toMatchObject({ role: 'admin', isChatMember: true });
    expect(byName.demo_partner).toMatchObject({ role: 'partner', isChatMember: true });
    expect(byName.demo_member).toMatchObject({ role: 'user', isChatMember: true });
    expect(byName.demo_guest).toMatchObject({ role: 'user', isChatMember: false });
    expect(byName.demo_staff).toMatchObject({ role: 'staff', isChatMember: true });
  });

  it('signs init data that the ordinary validation accepts', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dev/init-data',
      headers: { 'x-xsrf-token': await csrfToken() },
      payload: { userId: 700_000_004 },
    });
    expect(res.statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `tma ${res.json().initData}` },
    });
    expect(me.json()).toMatchObject({ username: 'demo_guest', role: 'user', isChatMember: false });
  });

  it('signs for demo users only', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dev/init-data',
      headers: { 'x-xsrf-token': await csrfToken() },
      payload: { userId: 1 },
    });
    expect(res.statusCode).toBe(404);
  });

  it('answers 400 naming the field for a bad body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dev/init-data',
      headers: { 'x-xsrf-token': await csrfToken() },
      payload: { userId: 'admin' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'bad_request', field: 'userId' });
  });
});

describe('CSRF', () => {
  const post = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/dev/init-data', headers, payload: { userId: 700_000_001 } });

  it('refuses an unsafe request without X-XSRF-TOKEN', async () => {
    const res = await post({});
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'csrf_invalid', message: expect.any(String) });
  });

  it('refuses a forged token', async () => {
    const [issuedAt, nonce] = (await csrfToken()).split('.');
    expect((await post({ 'x-xsrf-token': `${issuedAt}.${nonce}.forged-signature` })).statusCode).toBe(403);
    expect((await post({ 'x-xsrf-token': 'garbage' })).statusCode).toBe(403);
  });

  it('accepts a token any time it is reused', async () => {
    const token = await csrfToken();
    expect((await post({ 'x-xsrf-token': token })).statusCode).toBe(200);
    expect((await post({ 'x-xsrf-token': token })).statusCode).toBe(200);
  });
});

describe('without the stand-in', () => {
  it('has no dev routes when a bot token is configured', async () => {
    const withBot = await createTestApp();
    try {
      expect((await withBot.app.inject({ method: 'GET', url: '/api/dev/users' })).statusCode).toBe(404);
    } finally {
      await withBot.close();
    }
  });
});
