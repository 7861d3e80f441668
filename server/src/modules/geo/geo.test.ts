import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, telegramUser } from '../../../test/harness.ts';
import { geoPoints } from '../../db/schema.ts';
import { createGpxDownloadLinks } from './gpx-download-links.ts';

let t: TestApp;
const admin = telegramUser('geo_admin', 'Анна');
const otherAdmin = telegramUser(null, 'Борис');
const partner = telegramUser('geo_partner');
const plainUser = telegramUser('geo_user');

const point = (overrides: Record<string, unknown> = {}) => ({
  username: 'geo_admin',
  lat: 62.0345678,
  lon: 33.9876543,
  accuracy: 12.4,
  ts: '2026-07-01T08:00:00.000Z',
  geoPointType: 'START',
  ...overrides,
});

const pointsOf = async (userId: number) =>
  t.database.db.select().from(geoPoints).where(eq(geoPoints.userId, userId));

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_USERNAMES: `geo_admin,${otherAdmin.id}` } });
  await t.as(admin).post('/api/partner/add', {
    region: 'Карелия',
    companyName: 'Гео-партнер',
    partnerType: 'КЛУБ',
    phoneNumber: '79110000000',
    address: 'Петрозаводск',
    email: 'geo@example.ru',
    spokesmanNickname: 'geo_partner',
  });
});
afterAll(() => t.close());

describe('POST /api/geo/track', () => {
  it('stores an admin point under the caller and answers 204', async () => {
    const res = await t.as(admin).post('/api/geo/track', point());
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await pointsOf(admin.id)).toEqual([
      expect.objectContaining({
        lat: 62.0345678,
        lon: 33.9876543,
        accuracy: 12.4,
        ts: new Date('2026-07-01T08:00:00.000Z'),
        type: 'START',
      }),
    ]);
  });

  it.each([
    ['partner', partner],
    ['user', plainUser],
  ])('refuses a %s, storing nothing', async (_role, user) => {
    const res = await t.as(user).post('/api/geo/track', point());
    expect(res.statusCode).toBe(403);
    expect(await pointsOf(user.id)).toEqual([]);
  });

  it.each([
    ['lat', 90.0001],
    ['lat', -91],
    ['lon', 180.5],
    ['lon', -181],
    ['lat', '62.1'],
    ['accuracy', -1],
    ['accuracy', 1e300],
    ['ts', '9999-12-31T00:00:00Z'],
    ['ts', 'вчера'],
    ['ts', '2026-07-01 08:00'],
    ['ts', '0000-01-01T00:00:00Z'],
    ['geoPointType', 'MIDDLE'],
    ['geoPointType', undefined],
  ])('answers 400 naming %s for %j', async (field, value) => {
    const before = (await pointsOf(admin.id)).length;
    const res = await t.as(admin).post('/api/geo/track', point({ [field]: value }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'bad_request', field, message: expect.any(String) });
    expect(await pointsOf(admin.id)).toHaveLength(before);
  });

  it('accepts the edges of the ranges and a time with an offset', async () => {
    const res = await t
      .as(admin)
      .post('/api/geo/track', point({ lat: -90, lon: 180, accuracy: 0, ts: '2026-07-01T11:00:00+03:00' }));
    expect(res.statusCode).toBe(204);
    await t.database.db.delete(geoPoints).where(eq(geoPoints.lat, -90));
  });
});

describe('recorded tracks', () => {
  beforeAll(async () => {
    // Anna: a morning on July 1 (two recordings) and a late evening that is July 2 in Altai (UTC+7).
    for (const [ts, geoPointType, lat] of [
      ['2026-07-01T08:01:00.000Z', 'PART', 62.04],
      ['2026-07-01T08:02:00.000Z', 'END', 62.05],
      ['2026-07-01T09:00:00.000Z', 'START', 62.1],
      ['2026-07-01T09:01:00.000Z', 'END', 62.11],
      ['2026-07-01T20:30:00.000Z', 'START', 51.9],
    ] as const) {
      await t.as(admin).post('/api/geo/track', point({ ts, geoPointType, lat }));
    }
    await t.as(otherAdmin).post('/api/geo/track', point({ username: null, ts: '2026-07-01T10:00:00.000Z' }));
  });

  it('lists one row per user and day, the newest first', async () => {
    const res = await t.as(admin).get('/api/geo/tracks');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        userId: otherAdmin.id,
        username: null,
        firstName: 'Борис',
        day: '2026-07-01',
        points: 1,
        startedAt: '2026-07-01T10:00:00.000Z',
        endedAt: '2026-07-01T10:00:00.000Z',
      },
      {
        userId: admin.id,
        username: 'geo_admin',
        firstName: 'Анна',
        day: '2026-07-01',
        points: 6,
        startedAt: '2026-07-01T08:00:00.000Z',
        endedAt: '2026-07-01T20:30:00.000Z',
      },
    ]);
  });

  it("counts days in the admin's time zone", async () => {
    const res = await t.as(admin).get('/api/geo/tracks?tz=Asia/Barnaul');
    const annas = res.json().filter((row: { userId: number }) => row.userId === admin.id);
    expect(annas.map((row: { day: string; points: number }) => [row.day, row.points])).toEqual([
      ['2026-07-02', 1],
      ['2026-07-01', 5],
    ]);
  });

  it('gives the points of one day in time order', async () => {
    const res = await t.as(admin).get(`/api/geo/tracks/${admin.id}/2026-07-02?tz=Asia/Barnaul`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      userId: admin.id,
      username: 'geo_admin',
      firstName: 'Анна',
      day: '2026-07-02',
      points: [{ lat: 51.9, lon: 33.9876543, accuracy: 12.4, ts: '2026-07-01T20:30:00.000Z', type: 'START' }],
    });
    const utc = (await t.as(admin).get(`/api/geo/tracks/${admin.id}/2026-07-01`)).json();
    expect(utc.points.map((p: { type: string }) => p.type)).toEqual([
      'START',
      'PART',
      'END',
      'START',
      'END',
      'START',
    ]);
  });

  it('answers 400 for a day before the service existed', async () => {
    const res = await t.as(admin).get(`/api/geo/tracks/${admin.id}/0000-01-01`);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('day');
  });

  it('says 404 for a day without points', async () => {
    const res = await t.as(admin).get(`/api/geo/tracks/${admin.id}/2026-06-30`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('За этот день маршрута нет');
  });

  it.each([
    ['tz', '/api/geo/tracks?tz=Mars/Olympus'],
    ['tz', '/api/geo/tracks?tz=%2B03:00'],
    ['tz', '/api/geo/tracks?tz=US/Pacific-New'],
    ['day', '/api/geo/tracks/1/2026-02-30'],
    ['day', '/api/geo/tracks/1/01.07.2026'],
    ['userId', '/api/geo/tracks/anna/2026-07-01'],
  ])('answers 400 naming %s for %s', async (field, url) => {
    const res = await t.as(admin).get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'bad_request', field });
  });

  it('downloads a day as a GPX 1.1 file, a segment per recording', async () => {
    const res = await t.as(admin).get(`/api/geo/tracks/${admin.id}/2026-07-01/gpx`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gpx+xml; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="track-geo_admin-2026-07-01.gpx"');

    // Well-formedness is checked by a real XML parser in the browser (e2e/specs/community.spec.ts).
    expect(res.body).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<gpx version="1\.1" creator="Катайся с нами" xmlns="http:\/\/www\.topografix\.com\/GPX\/1\/1"/,
    );
    expect(res.body).toContain('<trk>\n    <name>@geo_admin, 2026-07-01</name>');
    const segments = [...res.body.matchAll(/<trkseg>([\s\S]*?)<\/trkseg>/g)].map((segment) =>
      [...(segment[1] ?? '').matchAll(/<type>(\w+)<\/type>/g)].map((type) => type[1]),
    );
    expect(segments).toEqual([['START', 'PART', 'END'], ['START', 'END'], ['START']]);
    // GPX 1.1 orders a point's children: time, …, desc, …, type; and decimals have no exponent.
    expect(res.body).toContain(
      [
        '      <trkpt lat="62.0345678" lon="33.9876543">',
        '        <time>2026-07-01T08:00:00.000Z</time>',
        '        <desc>Точность 12 м</desc>',
        '        <type>START</type>',
        '      </trkpt>',
      ].join('\n'),
    );
  });

  it('names a user without a username by first name, escaped', async () => {
    const res = await t.as(admin).get(`/api/geo/tracks/${otherAdmin.id}/2026-07-01/gpx`);
    expect(res.headers['content-disposition']).toContain(`track-${otherAdmin.id}-2026-07-01.gpx`);
    expect(res.body).toContain('<name>Борис, 2026-07-01</name>');
  });

  it('makes a signed link that downloads without init data, and refuses a forged one', async () => {
    const res = await t.as(admin).get(`/api/geo/tracks/${admin.id}/2026-07-02/gpx-link?tz=Asia/Barnaul`);
    expect(res.statusCode).toBe(200);
    const { url, fileName } = res.json();
    expect(fileName).toBe('track-geo_admin-2026-07-02.gpx');
    expect(url).toMatch(/^\/api\/geo\/gpx\?token=[\w-]+\.[\w-]+$/);

    const download = await t.app.inject({ method: 'GET', url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/gpx+xml; charset=utf-8');
    expect(download.body.match(/<trkpt /g)).toHaveLength(1);

    const [payload, signature] = new URL(url, 'http://x').searchParams.get('token')?.split('.') ?? [];
    const forgedPayload = Buffer.from(
      JSON.stringify({ userId: otherAdmin.id, day: '2026-07-01', timeZone: 'UTC', exp: 9e9 }),
    ).toString('base64url');
    for (const token of [`${forgedPayload}.${signature}`, `${payload}.x${signature}`, payload]) {
      const refused = await t.app.inject({ method: 'GET', url: `/api/geo/gpx?token=${token}` });
      expect(refused.statusCode).toBe(404);
    }
  });

  it('refuses an expired link', async () => {
    const links = createGpxDownloadLinks(t.botToken);
    const token = links.issue(
      { userId: admin.id, day: '2026-07-01', timeZone: 'UTC' },
      Date.now() - 11 * 60_000,
    );
    const res = await t.app.inject({ method: 'GET', url: `/api/geo/gpx?token=${token}` });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toContain('устарела');
  });

  it.each([
    ['partner', partner],
    ['user', plainUser],
  ])('shows a %s no tracks', async (_role, user) => {
    for (const url of [
      '/api/geo/tracks',
      `/api/geo/tracks/${admin.id}/2026-07-01`,
      `/api/geo/tracks/${admin.id}/2026-07-01/gpx`,
      `/api/geo/tracks/${admin.id}/2026-07-01/gpx-link`,
    ]) {
      expect((await t.as(user).get(url)).statusCode).toBe(403);
    }
  });
});
