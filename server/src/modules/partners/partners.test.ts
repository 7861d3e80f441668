import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, telegramUser } from '../../../test/harness.ts';
import { partners } from '../../db/schema.ts';

let t: TestApp;
const admin = telegramUser('boss_admin', 'Анна');
const plainUser = telegramUser('plain_user');

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_USERNAMES: 'boss_admin' } });
});
afterAll(() => t.close());

const valid = {
  region: '  Карелия ',
  companyName: 'Рафт-клуб «Шуя»',
  partnerType: 'КЛУБ',
  phoneNumber: '79111234567',
  address: 'Петрозаводск, ул. Речная, 1',
  email: 'shuya@example.ru',
  spokesmanNickname: 'shuya_club',
  discountConditions: 'Только по будням; ;  Не суммируется ',
};

const partnerCount = async () => (await t.database.db.select({ n: count() }).from(partners))[0]?.n ?? 0;

describe('POST /api/partner/add', () => {
  it('adds a partner with trimmed fields and conditions as a list', async () => {
    const res = await t.as(admin).post('/api/partner/add', valid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: expect.any(Number),
      region: 'Карелия',
      companyName: 'Рафт-клуб «Шуя»',
      partnerType: 'КЛУБ',
      phoneNumber: '79111234567',
      spokesmanNickname: 'shuya_club',
      discountConditions: ['Только по будням', 'Не суммируется'],
    });
  });

  it('refuses the same company in the same region, whatever the case', async () => {
    const res = await t.as(admin).post('/api/partner/add', { ...valid, companyName: 'РАФТ-КЛУБ «ШУЯ»' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: 'partner_exists',
      message: expect.stringContaining('уже есть'),
    });
  });

  it('allows the same company in another region', async () => {
    const res = await t.as(admin).post('/api/partner/add', { ...valid, region: 'Алтай' });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['phoneNumber', '+7 (911) 123-45-67'],
    ['phoneNumber', '89111234567'],
    ['phoneNumber', '7911123456'],
    ['email', 'not-an-email'],
    ['partnerType', 'БАР'],
    ['spokesmanNickname', 'шуя клуб'],
    ['spokesmanNickname', 'abc'],
    ['region', '   '],
    ['companyName', 'x'.repeat(121)],
    ['address', ''],
  ])('answers 400 naming %s for %j, storing nothing', async (field, value) => {
    const before = await partnerCount();
    const res = await t
      .as(admin)
      .post('/api/partner/add', { ...valid, companyName: `Новый ${field}`, [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'bad_request', field, message: expect.any(String) });
    expect(await partnerCount()).toBe(before);
  });

  it.each([
    [
      'companyName',
      '<b>Порог</b>',
      'В поле «Название компании» не должно быть HTML-тегов вроде <b> или <a href>',
    ],
    [
      'companyName',
      'Порог <a href="https://evil.example">сайт</a>',
      'В поле «Название компании» не должно быть HTML-тегов вроде <b> или <a href>',
    ],
    [
      'region',
      '<script>alert(1)</script>Карелия',
      'В поле «Регион» не должно быть HTML-тегов вроде <b> или <a href>',
    ],
    ['region', 'Карелия<!-- -->', 'В поле «Регион» не должно быть HTML-тегов вроде <b> или <a href>'],
  ])('refuses HTML in %s (%j) in Russian, storing nothing', async (field, value, message) => {
    const before = await partnerCount();
    const res = await t
      .as(admin)
      .post('/api/partner/add', { ...valid, companyName: 'Новый с тегом', [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'bad_request', field, message });
    expect(await partnerCount()).toBe(before);
  });

  it('takes angle brackets that make no tag: «<3», «a < b», a Cyrillic «<Порог>»', async () => {
    for (const [n, companyName] of ['Клуб <3', 'Прокат a < b > c', 'Клуб <Порог>'].entries()) {
      const res = await t
        .as(admin)
        .post('/api/partner/add', { ...valid, companyName, region: `Регион ${n}` });
      expect(res.statusCode).toBe(200);
      expect(res.json().companyName).toBe(companyName);
    }
  });

  it('says «Неправильный формат email» for a bad email', async () => {
    const res = await t.as(admin).post('/api/partner/add', { ...valid, email: 'a@b' });
    expect(res.json().message).toBe('Неправильный формат email');
  });

  it('refuses a non-admin before reading the body: 403, not a 400 about its fields', async () => {
    const res = await t.as(plainUser).post('/api/partner/add', { phoneNumber: 'x' });
    expect(res.statusCode).toBe(403);
  });

  it('refuses a user who is not an admin', async () => {
    const before = await partnerCount();
    const res = await t.as(plainUser).post('/api/partner/add', { ...valid, companyName: 'Чужой' });
    expect(res.statusCode).toBe(403);
    expect(await partnerCount()).toBe(before);
  });
});

describe('GET /api/partners', () => {
  it('gives an admin every company, sorted in Russian', async () => {
    await t
      .as(admin)
      .post('/api/partner/add', { ...valid, companyName: 'Арена', spokesmanNickname: 'arena_boss' });
    const res = await t.as(admin).get('/api/partners');
    const names = res.json().map((p: { companyName: string }) => p.companyName);
    expect(names[0]).toBe('Арена');
    expect(names).toContain('Рафт-клуб «Шуя»');
  });

  it('gives a partner only their own company', async () => {
    const spokesman = telegramUser('arena_boss');
    const res = await t.as(spokesman).get('/api/partners');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ id: expect.any(Number), companyName: 'Арена', region: 'Карелия' }]);
  });

  it('refuses a plain user', async () => {
    expect((await t.as(plainUser).get('/api/partners')).statusCode).toBe(403);
  });

  it('gives a partner a second company added after their first visit', async () => {
    const spokesman = telegramUser('two_companies');
    await t
      .as(admin)
      .post('/api/partner/add', { ...valid, companyName: 'Первая', spokesmanNickname: 'two_companies' });
    expect((await t.as(spokesman).get('/api/me')).json().role).toBe('partner');
    await t
      .as(admin)
      .post('/api/partner/add', { ...valid, companyName: 'Вторая', spokesmanNickname: 'Two_Companies' });
    const names = (await t.as(spokesman).get('/api/partners'))
      .json()
      .map((p: { companyName: string }) => p.companyName);
    expect(names).toEqual(['Вторая', 'Первая']);
  });
});
