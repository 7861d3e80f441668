import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, telegramUser } from '../../../test/harness.ts';

let t: TestApp;
const admin = telegramUser('calendar_admin');
const partner = telegramUser('calendar_partner');
const plainUser = telegramUser('calendar_user');

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_USERNAMES: 'calendar_admin' } });
  await t.as(admin).post('/api/partner/add', {
    region: 'Карелия',
    companyName: 'Календарный партнер',
    partnerType: 'КЛУБ',
    phoneNumber: '79110000000',
    address: 'Петрозаводск',
    email: 'cal@example.ru',
    spokesmanNickname: 'calendar_partner',
  });
});
afterAll(() => t.close());

const put = (user: typeof admin, url: string, payload: unknown) =>
  t.as(user).request({ method: 'PUT', url, payload: payload as object });
const remove = (user: typeof admin, url: string) => t.as(user).request({ method: 'DELETE', url });

const karelia = { buttonText: 'Сплавы Карелии', link: 'https://calendar.google.com/calendar/u/0/r?k' };
const altai = { buttonText: 'Алтай', link: 'https://calendar.yandex.ru/altai' };

describe('calendar links', () => {
  it('asks for Telegram init data', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/calendar/links' });
    expect(res.statusCode).toBe(401);
  });

  it('answers an empty list before an admin adds any', async () => {
    const res = await t.as(plainUser).get('/api/calendar/links');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('lets an admin add calendars, each going last, and shows them to everyone in that order', async () => {
    const first = await t.as(admin).post('/api/admin/calendar-links', karelia);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ id: expect.any(Number), position: 1, ...karelia });
    const second = await t.as(admin).post('/api/admin/calendar-links', { ...altai, link: ` ${altai.link} ` });
    expect(second.json()).toMatchObject({ position: 2, link: altai.link });

    const res = await t.as(plainUser).get('/api/calendar/links');
    expect(res.json()).toEqual([karelia, altai]);
  });

  it('lets an admin edit a calendar, keeping its place unless a position is given', async () => {
    const [first, second] = (await t.as(admin).get('/api/admin/calendar-links')).json();
    const renamed = await put(admin, `/api/admin/calendar-links/${first.id}`, {
      ...karelia,
      buttonText: 'Карелия: сплавы',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: first.id, buttonText: 'Карелия: сплавы', position: 1 });

    await put(admin, `/api/admin/calendar-links/${second.id}`, { ...altai, position: 0 });
    const order = (await t.as(partner).get('/api/calendar/links')).json();
    expect(order.map((link: { buttonText: string }) => link.buttonText)).toEqual([
      'Алтай',
      'Карелия: сплавы',
    ]);
  });

  it('lets an admin remove a calendar, and says 404 for one that is gone', async () => {
    const added = (
      await t.as(admin).post('/api/admin/calendar-links', { ...altai, buttonText: 'Лишний' })
    ).json();
    expect((await remove(admin, `/api/admin/calendar-links/${added.id}`)).statusCode).toBe(204);
    const again = await remove(admin, `/api/admin/calendar-links/${added.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({
      error: 'not_found',
      message: expect.stringContaining('календаря нет'),
    });
    expect((await put(admin, `/api/admin/calendar-links/${added.id}`, altai)).statusCode).toBe(404);
    expect((await put(admin, '/api/admin/calendar-links/99999999999', altai)).statusCode).toBe(400);
  });

  it.each([
    ['link', 'http://calendar.example.ru'],
    ['link', 'javascript:alert(1)'],
    ['link', 'calendar.example.ru'],
    ['link', `https://example.ru/${'x'.repeat(2000)}`],
    ['buttonText', '   '],
    ['buttonText', 'x'.repeat(65)],
    ['position', -1],
  ])('answers 400 naming %s for %j', async (field, value) => {
    const before = (await t.as(admin).get('/api/admin/calendar-links')).json().length;
    const res = await t.as(admin).post('/api/admin/calendar-links', { ...karelia, [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'bad_request', field, message: expect.any(String) });
    expect((await t.as(admin).get('/api/admin/calendar-links')).json()).toHaveLength(before);
  });

  it('says in Russian that a link must be https', async () => {
    const res = await t.as(admin).post('/api/admin/calendar-links', { ...karelia, link: 'http://a.ru' });
    expect(res.json().message).toBe('Ссылка должна начинаться с https://');
  });

  it.each([
    ['partner', partner],
    ['user', plainUser],
  ])('refuses a %s every admin route, changing nothing', async (_role, user) => {
    const [link] = (await t.as(admin).get('/api/admin/calendar-links')).json();
    expect((await t.as(user).get('/api/admin/calendar-links')).statusCode).toBe(403);
    expect((await t.as(user).post('/api/admin/calendar-links', karelia)).statusCode).toBe(403);
    expect((await put(user, `/api/admin/calendar-links/${link.id}`, altai)).statusCode).toBe(403);
    expect((await remove(user, `/api/admin/calendar-links/${link.id}`)).statusCode).toBe(403);
    expect((await t.as(admin).get('/api/admin/calendar-links')).json()[0]).toEqual(link);
  });

  it('refuses a change without the CSRF token', async () => {
    const res = await t
      .as(admin)
      .request({ method: 'DELETE', url: '/api/admin/calendar-links/1', headers: { 'x-xsrf-token': '' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('csrf_invalid');
  });

  it('refuses it too when the path is spelt with escapes the router decodes', async () => {
    const res = await t.as(admin).request({
      method: 'DELETE',
      url: '/%61pi/admin/calendar-links/1',
      headers: { 'x-xsrf-token': '' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('csrf_invalid');
  });
});
