import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeYooKassa, startFakeYooKassa } from '../../../test-support/fake-yookassa.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { RATE_LIMITS } from '../http/rate-limits.ts';
import { isYooKassaSender } from './yookassa-senders.ts';

let yookassa: FakeYooKassa;
let t: TestApp;

beforeAll(async () => {
  yookassa = await startFakeYooKassa({ shopId: '500300', secretKey: 'senders_secret' });
  t = await createTestApp({
    env: {
      PAYMENT_PROVIDER: 'yookassa',
      YOOKASSA_SHOP_ID: '500300',
      YOOKASSA_SECRET_KEY: 'senders_secret',
      YOOKASSA_API_URL: yookassa.apiUrl,
      YOOKASSA_WEBHOOK_IPS: '1',
      TRUSTED_PROXIES: '10.1.0.0/16',
    },
  });
});
afterAll(async () => {
  await t.close();
  await yookassa.close();
});

const notification = { type: 'notification', event: 'payment.succeeded', object: { id: 'unknown-payment' } };
const notify = (remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook/yookassa',
    payload: notification,
    remoteAddress,
    headers,
  });

describe('who may notify about payments', () => {
  it('knows YooKassa’s published networks, in both address families', () => {
    expect(
      ['185.71.76.1', '185.71.77.31', '77.75.156.11', '::ffff:77.75.154.200', '2a02:5180:0:1::7'].map(
        isYooKassaSender,
      ),
    ).toEqual([true, true, true, true, true]);
    expect(
      ['185.71.76.32', '77.75.156.12', '127.0.0.1', '2a02:5181::1', 'nonsense'].map(isYooKassaSender),
    ).toEqual([false, false, false, false, false]);
  });

  it('takes a notification from YooKassa and refuses one from anywhere else, asking YooKassa nothing', async () => {
    const asked = yookassa.requests.length;

    const fromYooKassa = await notify('185.71.76.10');
    const fromStranger = await notify('203.0.113.7');

    expect(fromYooKassa.statusCode).toBe(200);
    expect(fromStranger.statusCode).toBe(403);
    expect(fromStranger.json()).toEqual({
      error: 'forbidden',
      message: 'Уведомления принимаются только от ЮKassa',
    });
    expect(yookassa.requests.length).toBe(asked);
  });

  it('believes X-Forwarded-For only from a trusted proxy', async () => {
    const viaProxy = await notify('10.1.2.3', { 'x-forwarded-for': '185.71.77.5' });
    const forged = await notify('203.0.113.7', { 'x-forwarded-for': '185.71.77.5' });

    expect(viaProxy.statusCode).toBe(200);
    expect(forged.statusCode).toBe(403);
  });

  it('limits how often even one of YooKassa’s addresses may notify', async () => {
    const { max } = RATE_LIMITS.providerNotification;
    const statuses = [];
    for (let i = 0; i < max + 2; i += 1) statuses.push((await notify('185.71.76.20')).statusCode);

    expect(statuses.slice(max)).toEqual([429, 429]);
  });
});
