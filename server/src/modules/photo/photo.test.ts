import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, telegramUser } from '../../../test/harness.ts';
import { photoDirectories } from '../../db/schema.ts';

let t: TestApp;
const admin = telegramUser('photo_admin');
const plainUser = telegramUser('photo_user');

const SHUYA = 'Карелия, р. Шуя';
const KATUN = 'Алтай, р. Катунь';
const uri = (region: string, organizer: string, month: number | string) =>
  `/api/directory/uri/${encodeURIComponent(region)}/${encodeURIComponent(organizer)}/${month}`;

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_USERNAMES: 'photo_admin' } });
  const directories = [
    { region: SHUYA, month: 7, organizer: 'Рафт-школа «Порог»', link: 'https://disk.example/shuya-07-porog' },
    { region: SHUYA, month: 7, organizer: 'Альфа-тур', link: 'https://disk.example/shuya-07-alfa' },
    { region: SHUYA, month: 7, organizer: null, link: 'https://disk.example/shuya-07' },
    { region: SHUYA, month: 8, organizer: 'Бета', link: 'https://disk.example/shuya-08-beta' },
    { region: KATUN, month: 8, organizer: 'Алтай-Тур', link: 'https://disk.example/katun-08' },
    { region: 'Адыгея', month: 9, organizer: null, link: 'https://disk.example/belaya-09' },
  ];
  for (const directory of directories) {
    const res = await t.as(admin).post('/api/admin/photo-directories', directory);
    if (res.statusCode !== 201) throw new Error(res.body);
  }
});
afterAll(() => t.close());

const put = (user: typeof admin, url: string, payload: unknown) =>
  t.as(user).request({ method: 'PUT', url, payload: payload as object });
const remove = (user: typeof admin, url: string) => t.as(user).request({ method: 'DELETE', url });

describe('GET /api/directory/regions', () => {
  it('lists the regions once each, sorted in Russian, without empty ones', async () => {
    await t.database.db
      .insert(photoDirectories)
      .values({ region: '  ', month: 10, link: 'https://disk.example/blank' });
    const res = await t.as(plainUser).get('/api/directory/regions');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(['Адыгея', KATUN, SHUYA]);
  });

  it('asks for Telegram init data', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/directory/regions' })).statusCode).toBe(401);
  });
});

describe('GET /api/directory/partners/{region}/{month}', () => {
  it('lists the organizers of that region and month, sorted, leaving out the region-wide folder', async () => {
    const res = await t.as(plainUser).get(`/api/directory/partners/${encodeURIComponent(SHUYA)}/7`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(['Альфа-тур', 'Рафт-школа «Порог»']);
  });

  it('answers an empty list for a month without organizers', async () => {
    const res = await t.as(plainUser).get(`/api/directory/partners/${encodeURIComponent('Адыгея')}/9`);
    expect(res.json()).toEqual([]);
  });

  it.each(['6', '11', 'июль', '7.5'])('answers 400 naming the month for %j', async (month) => {
    const res = await t.as(plainUser).get(`/api/directory/partners/${encodeURIComponent(SHUYA)}/${month}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'bad_request', field: 'month' });
  });
});

describe('GET /api/directory/uri/…', () => {
  it("finds an organizer's directory, ignoring case", async () => {
    const res = await t.as(plainUser).get(uri('карелия, р. шуя', 'рафт-школа «порог»', 7));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ link: 'https://disk.example/shuya-07-porog' });
  });

  it('finds the region-wide directory by the literal empty segment /{region}//{month}', async () => {
    const res = await t.as(plainUser).get(`/api/directory/uri/${encodeURIComponent(SHUYA)}//7`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ link: 'https://disk.example/shuya-07' });
  });

  it('finds the same when a proxy merged the two slashes into one', async () => {
    const res = await t.as(plainUser).get(`/api/directory/uri/${encodeURIComponent(SHUYA)}/7`);
    expect(res.json()).toEqual({ link: 'https://disk.example/shuya-07' });
  });

  it('answers an empty link without an organizer when only organizers have folders', async () => {
    const res = await t.as(plainUser).get(`/api/directory/uri/${encodeURIComponent(KATUN)}//8`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ link: '' });
  });

  it.each([
    ['an unknown region', uri('Урал', 'Альфа-тур', 7)],
    ['an unknown organizer', uri(SHUYA, 'Никто', 7)],
    ['another month', uri(SHUYA, 'Альфа-тур', 10)],
  ])('answers an empty link for %s', async (_case, url) => {
    const res = await t.as(plainUser).get(url);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ link: '' });
  });

  it('answers 400 naming the month outside July–October', async () => {
    const res = await t.as(plainUser).get(`/api/directory/uri/${encodeURIComponent(SHUYA)}//12`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'month', message: expect.stringContaining('от 7') });
  });
});

describe('admin: photo directories', () => {
  const valid = { region: 'Урал, р. Чусовая', month: 8, organizer: '', link: 'https://disk.example/chus' };

  it('adds a directory, an empty organizer meaning the whole region and month', async () => {
    const res = await t.as(admin).post('/api/admin/photo-directories', valid);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), ...valid, organizer: null });
    const found = await t.as(plainUser).get(`/api/directory/uri/${encodeURIComponent(valid.region)}//8`);
    expect(found.json()).toEqual({ link: valid.link });
  });

  it('refuses a second directory for the same region, month and organizer, whatever the case', async () => {
    const res = await t
      .as(admin)
      .post('/api/admin/photo-directories', { ...valid, region: 'УРАЛ, Р. ЧУСОВАЯ', organizer: null });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: 'directory_exists',
      message: expect.stringContaining('уже есть'),
    });
  });

  it('lists every directory sorted by region and month', async () => {
    const res = await t.as(admin).get('/api/admin/photo-directories');
    const rows = res.json() as Array<{ region: string; month: number }>;
    expect(rows.map((row) => `${row.region} ${row.month}`).slice(0, 3)).toEqual([
      '   10',
      'Адыгея 9',
      `${KATUN} 8`,
    ]);
  });

  it('edits a directory, and refuses an edit into an existing one', async () => {
    const rows = (await t.as(admin).get('/api/admin/photo-directories')).json();
    const chus = rows.find((row: { region: string }) => row.region === valid.region);
    const edited = await put(admin, `/api/admin/photo-directories/${chus.id}`, {
      ...valid,
      month: 9,
      organizer: '  Клуб  ',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id: chus.id, month: 9, organizer: 'Клуб' });

    const clash = await put(admin, `/api/admin/photo-directories/${chus.id}`, {
      region: SHUYA,
      month: 7,
      organizer: null,
      link: 'https://disk.example/other',
    });
    expect(clash.statusCode).toBe(409);
  });

  it('removes a directory, and says 404 for one that is gone', async () => {
    const added = (
      await t.as(admin).post('/api/admin/photo-directories', { ...valid, month: 10, organizer: 'Временный' })
    ).json();
    expect((await remove(admin, `/api/admin/photo-directories/${added.id}`)).statusCode).toBe(204);
    expect((await remove(admin, `/api/admin/photo-directories/${added.id}`)).statusCode).toBe(404);
    expect((await put(admin, `/api/admin/photo-directories/${added.id}`, valid)).statusCode).toBe(404);
  });

  it.each([
    ['region', '  '],
    ['month', 6],
    ['month', 11],
    ['organizer', 'x'.repeat(121)],
    ['link', 'http://disk.example/a'],
    ['link', ''],
  ])('answers 400 naming %s for %j', async (field, value) => {
    const res = await t.as(admin).post('/api/admin/photo-directories', { ...valid, [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'bad_request', field });
  });

  it('refuses a user every admin route, changing nothing', async () => {
    const before = (await t.as(admin).get('/api/admin/photo-directories')).json();
    const [first] = before;
    expect((await t.as(plainUser).get('/api/admin/photo-directories')).statusCode).toBe(403);
    expect(
      (await t.as(plainUser).post('/api/admin/photo-directories', { ...valid, month: 7 })).statusCode,
    ).toBe(403);
    expect((await put(plainUser, `/api/admin/photo-directories/${first.id}`, valid)).statusCode).toBe(403);
    expect((await remove(plainUser, `/api/admin/photo-directories/${first.id}`)).statusCode).toBe(403);
    expect((await t.as(admin).get('/api/admin/photo-directories')).json()).toEqual(before);
  });
});
