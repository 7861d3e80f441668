import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { jsonResponse } from '@/test/render';
import { ApiError, createApiClient } from '../api-client';
import { takeEarlyGet } from '../early-gets';

const INIT_DATA = 'query_id=AAH&user=%7B%22id%22%3A42%7D&auth_date=1700000000&hash=abc';

type Route = (init: RequestInit) => Response;

/** A fetch that answers by "METHOD path" and records every call. */
function fakeServer(routes: Record<string, Route | Route[]>) {
  const calls: { key: string; headers: Headers; body: unknown }[] = [];
  const served: Record<string, number> = {};
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${String(input)}`;
    calls.push({ key, headers: new Headers(init.headers), body: init.body && JSON.parse(String(init.body)) });
    const route = routes[key];
    if (!route) throw new Error(`unexpected ${key}`);
    const index = served[key] ?? 0;
    served[key] = index + 1;
    const answer = Array.isArray(route) ? route[Math.min(index, route.length - 1)] : route;
    if (!answer) throw new Error(`no answer for ${key}`);
    return answer(init);
  });
  return { fetch, calls, callsTo: (key: string) => calls.filter((call) => call.key === key) };
}

const client = (server: ReturnType<typeof fakeServer>) =>
  createApiClient({ getInitData: () => INIT_DATA, fetch: server.fetch });

const tokens = (...values: string[]) => values.map((token) => () => jsonResponse({ token }));
const csrfInvalid = () => jsonResponse({ error: 'csrf_invalid', message: 'Обновите страницу' }, 403);

describe('api client', () => {
  it('authorises every call with the raw init data and asks for JSON', async () => {
    const server = fakeServer({
      'GET /api/me': () => jsonResponse({ ok: true }),
      'GET /api/csrf': tokens('t1'),
      'POST /api/coupon/apply': () => jsonResponse('ok'),
    });
    const api = client(server);

    await api.get('/api/me');
    await api.post('/api/coupon/apply', { body: { price: 1000 } });

    for (const call of server.calls) {
      expect(call.headers.get('Authorization')).toBe(`tma ${INIT_DATA}`);
      expect(call.headers.get('Accept')).toBe('application/json');
    }
    const [post] = server.callsTo('POST /api/coupon/apply');
    expect(post?.headers.get('Content-Type')).toBe('application/json');
    expect(post?.body).toEqual({ price: 1000 });
  });

  it('sends no CSRF token with a GET and does not fetch one for it', async () => {
    const server = fakeServer({ 'GET /api/me': () => jsonResponse({ ok: true }) });
    await client(server).get('/api/me');
    expect(server.callsTo('GET /api/csrf')).toHaveLength(0);
    expect(server.calls[0]?.headers.has('X-XSRF-TOKEN')).toBe(false);
  });

  it('fetches the CSRF token once and sends it with every unsafe call', async () => {
    const server = fakeServer({
      'GET /api/csrf': tokens('t1', 't2'),
      'POST /api/coupon/apply/reject/5': () => jsonResponse('ok'),
      'POST /api/coupon/apply/reject/6': () => jsonResponse('ok'),
    });
    const api = client(server);

    await Promise.all([api.post('/api/coupon/apply/reject/5'), api.post('/api/coupon/apply/reject/6')]);
    await api.post('/api/coupon/apply/reject/5');

    expect(server.callsTo('GET /api/csrf')).toHaveLength(1);
    const unsafe = server.calls.filter((call) => call.key.startsWith('POST'));
    expect(unsafe).toHaveLength(3);
    for (const call of unsafe) expect(call.headers.get('X-XSRF-TOKEN')).toBe('t1');
  });

  it('sends PUT and DELETE as unsafe calls with the CSRF token, a 204 answering undefined', async () => {
    const server = fakeServer({
      'GET /api/csrf': tokens('t1'),
      'PUT /api/admin/calendar-links/3': () => jsonResponse({ id: 3 }),
      'DELETE /api/admin/calendar-links/3': () => new Response(null, { status: 204 }),
    });
    const api = client(server);

    await expect(api.put('/api/admin/calendar-links/3', { body: { buttonText: 'Алтай' } })).resolves.toEqual({
      id: 3,
    });
    await expect(api.delete('/api/admin/calendar-links/3')).resolves.toBeUndefined();

    const [put] = server.callsTo('PUT /api/admin/calendar-links/3');
    expect(put?.headers.get('X-XSRF-TOKEN')).toBe('t1');
    expect(put?.body).toEqual({ buttonText: 'Алтай' });
    const [remove] = server.callsTo('DELETE /api/admin/calendar-links/3');
    expect(remove?.headers.get('X-XSRF-TOKEN')).toBe('t1');
    // Fastify refuses a JSON content type without a body.
    expect(remove?.headers.has('Content-Type')).toBe(false);
    expect(server.callsTo('GET /api/csrf')).toHaveLength(1);
  });

  it('fetches a new token after a csrf_invalid refusal and retries once with it', async () => {
    const server = fakeServer({
      'GET /api/csrf': tokens('stale', 'fresh'),
      'POST /api/partner/add': [csrfInvalid, () => jsonResponse({ id: 3 })],
    });

    await expect(client(server).post('/api/partner/add', { body: { region: 'Алтай' } })).resolves.toEqual({
      id: 3,
    });

    expect(server.callsTo('GET /api/csrf')).toHaveLength(2);
    const attempts = server.callsTo('POST /api/partner/add');
    expect(attempts.map((call) => call.headers.get('X-XSRF-TOKEN'))).toEqual(['stale', 'fresh']);
    expect(attempts[1]?.body).toEqual({ region: 'Алтай' });
  });

  it('gives up after one retry and reports the server message', async () => {
    const server = fakeServer({
      'GET /api/csrf': tokens('t1', 't2', 't3'),
      'POST /api/partner/add': csrfInvalid,
    });

    const error = await client(server)
      .post('/api/partner/add')
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: 'csrf_invalid', message: 'Обновите страницу' });
    expect(server.callsTo('POST /api/partner/add')).toHaveLength(2);
    expect(server.callsTo('GET /api/csrf')).toHaveLength(2);
  });

  it('does not retry other refusals', async () => {
    const server = fakeServer({
      'GET /api/csrf': tokens('t1'),
      'POST /api/partner/add': () => jsonResponse({ error: 'forbidden', message: 'Недостаточно прав' }, 403),
    });

    await expect(client(server).post('/api/partner/add')).rejects.toMatchObject({
      status: 403,
      code: 'forbidden',
      message: 'Недостаточно прав',
    });
    expect(server.callsTo('POST /api/partner/add')).toHaveLength(1);
  });

  it('validates answers against the given schema', async () => {
    const server = fakeServer({ 'GET /api/health': () => jsonResponse({ ok: 'yes' }) });
    vi.spyOn(console, 'error').mockImplementation(() => {});

    await expect(client(server).get('/api/health', z.object({ ok: z.boolean() }))).rejects.toMatchObject({
      code: 'invalid_response',
    });
  });

  it('turns an unreachable server into a Russian message', async () => {
    const fetch = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.spyOn(console, 'error').mockImplementation(() => {});

    await expect(
      createApiClient({ getInitData: () => INIT_DATA, fetch }).get('/api/me'),
    ).rejects.toMatchObject({
      status: 0,
      code: 'network_error',
      message: 'Нет связи с сервером. Попробуйте еще раз.',
    });
  });

  it('asks for a list again with its ETag and keeps the cached copy on 304', async () => {
    const list = [{ id: 'a' }];
    const server = fakeServer({
      'GET /api/coupon/valid/qr/customer/ivan': [
        () => new Response(JSON.stringify(list), { status: 200, headers: { ETag: '"v1"' } }),
        () => new Response(null, { status: 304, headers: { ETag: '"v1"' } }),
      ],
    });
    const api = client(server);

    const first = await api.getIfChanged('/api/coupon/valid/qr/customer/ivan', {});
    expect(first).toEqual({ data: list, etag: '"v1"' });
    const second = await api.getIfChanged('/api/coupon/valid/qr/customer/ivan', { cached: first });

    expect(second).toBe(first);
    const [plain, conditional] = server.callsTo('GET /api/coupon/valid/qr/customer/ivan');
    expect(plain?.headers.has('If-None-Match')).toBe(false);
    expect(conditional?.headers.get('If-None-Match')).toBe('"v1"');
  });

  it('sends no Authorization header before the app knows the user', async () => {
    const server = fakeServer({ 'GET /api/dev/users': () => jsonResponse([]) });
    await createApiClient({ getInitData: () => undefined, fetch: server.fetch }).get('/api/dev/users');
    expect(server.calls[0]?.headers.has('Authorization')).toBe(false);
  });
});

describe('a GET the early script sent before the app ran', () => {
  const withEarly = (server: ReturnType<typeof fakeServer>) =>
    createApiClient({ getInitData: () => INIT_DATA, fetch: server.fetch, takeEarly: takeEarlyGet });
  const sendEarly = (response: Promise<Response>, initData = INIT_DATA) => {
    window.__earlyGets = { initData, responses: { '/api/me': response } };
  };
  afterEach(() => {
    window.__earlyGets = undefined;
  });

  it('is answered by that response, once: the next ask goes to the server', async () => {
    const server = fakeServer({ 'GET /api/me': () => jsonResponse({ id: 2 }) });
    sendEarly(Promise.resolve(jsonResponse({ id: 1 })));
    const api = withEarly(server);

    expect(await api.get('/api/me')).toEqual({ id: 1 });
    expect(server.calls).toHaveLength(0);
    expect(await api.get('/api/me')).toEqual({ id: 2 });
    expect(server.callsTo('GET /api/me')).toHaveLength(1);
  });

  it('is checked like any answer: a refusal in it is the server’s refusal', async () => {
    const server = fakeServer({});
    sendEarly(
      Promise.resolve(
        jsonResponse({ error: 'init_data_expired', message: 'Откройте приложение заново' }, 401),
      ),
    );
    await expect(withEarly(server).get('/api/me')).rejects.toMatchObject({
      status: 401,
      message: 'Откройте приложение заново',
    });
  });

  it('is asked again when it never reached the server', async () => {
    const server = fakeServer({ 'GET /api/me': () => jsonResponse({ id: 2 }) });
    sendEarly(Promise.reject(new TypeError('Failed to fetch')));
    expect(await withEarly(server).get('/api/me')).toEqual({ id: 2 });
  });

  it('is not taken when it was signed with another launch’s init data', async () => {
    const server = fakeServer({ 'GET /api/me': () => jsonResponse({ id: 2 }) });
    sendEarly(Promise.resolve(jsonResponse({ id: 1 })), 'query_id=other');
    expect(await withEarly(server).get('/api/me')).toEqual({ id: 2 });
  });
});
