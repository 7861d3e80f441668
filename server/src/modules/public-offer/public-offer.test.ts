import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { ConfigError, loadConfig } from '../../config.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('GET /api/offer', () => {
  it('names the demo seller when none is configured, to anyone, without init data', async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/offer' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      operator: {
        name: 'ИП Демо',
        inn: '000000000000',
        ogrn: '000000000000000',
        address: 'адрес не указан (демонстрационные реквизиты)',
        email: 'support@example.com',
        phone: null,
      },
      siteUrl: null,
    });
  });

  it('names the configured seller and the public address', async () => {
    t = await createTestApp({
      env: {
        OPERATOR_NAME: 'ИП Иванов Иван Иванович',
        OPERATOR_INN: '771234567890',
        OPERATOR_OGRN: '312774600000012',
        OPERATOR_ADDRESS: 'г. Москва, ул. Речная, д. 1',
        OPERATOR_EMAIL: 'offer@rafting.example',
        OPERATOR_PHONE: '+7 900 000-00-00',
        PUBLIC_URL: 'https://rafting.example/',
      },
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/offer' });
    expect(res.json()).toEqual({
      operator: {
        name: 'ИП Иванов Иван Иванович',
        inn: '771234567890',
        ogrn: '312774600000012',
        address: 'г. Москва, ул. Речная, д. 1',
        email: 'offer@rafting.example',
        phone: '+7 900 000-00-00',
      },
      siteUrl: 'https://rafting.example',
    });
  });
});

describe('operator configuration', () => {
  const problemsOf = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return [];
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
  };

  it.each([
    ['OPERATOR_INN', '12345'],
    ['OPERATOR_OGRN', '1234567890123456'],
    ['OPERATOR_EMAIL', 'not-an-email'],
  ])('stops start-up naming %s for %j', (name, value) => {
    expect(problemsOf({ [name]: value })).toEqual([expect.stringMatching(new RegExp(`^${name}: `))]);
  });

  it('takes an empty value for the demo default', () => {
    expect(loadConfig({ OPERATOR_NAME: ' ', OPERATOR_INN: '' }).operator).toMatchObject({
      name: 'ИП Демо',
      inn: '000000000000',
    });
  });
});
