import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeYooKassa, startFakeYooKassa } from '../../../test-support/fake-yookassa.ts';
import { PaymentProviderError } from './provider.ts';
import { createYooKassaProvider } from './yookassa-provider.ts';

let fake: FakeYooKassa;
beforeAll(async () => {
  fake = await startFakeYooKassa({ shopId: '123456', secretKey: 'test_secret' });
});
afterAll(() => fake.close());

const provider = (secretKey = 'test_secret', liveOnly = false) =>
  createYooKassaProvider({
    shopId: '123456',
    secretKey,
    apiUrl: fake.apiUrl,
    returnUrl: 'https://app.example/return',
    liveOnly,
  });

const input = (paymentId: string) => ({
  paymentId,
  amountRub: 5000,
  description: 'Купон «Порог»: скидка 750 руб',
  couponPaymentLink: null,
  metadata: { paymentId, couponId: '7', userId: '42' },
});

describe('the YooKassa provider against YooKassa’s API', () => {
  it('creates a payment with Basic auth, an Idempotence-Key and the amount in roubles with kopecks', async () => {
    const created = await provider().createPayment(input('pay-1'));
    expect(created.confirmationUrl).toMatch(/\/checkout\//);
    const sent = fake.requests.find((r) => r.method === 'POST' && r.idempotenceKey === 'pay-1');
    expect(sent?.body).toMatchObject({
      amount: { value: '5000.00', currency: 'RUB' },
      capture: true,
      confirmation: { type: 'redirect', return_url: 'https://app.example/return' },
      metadata: { paymentId: 'pay-1', couponId: '7', userId: '42' },
    });
  });

  it('gets the same payment back for a repeated creation (idempotence)', async () => {
    const first = await provider().createPayment(input('pay-2'));
    const second = await provider().createPayment(input('pay-2'));
    expect(second.providerPaymentId).toBe(first.providerPaymentId);
  });

  it('reads pending, succeeded and canceled back', async () => {
    const stored = { status: 'PENDING' as const, amountRub: 5000 };
    const a = await provider().createPayment(input('pay-3'));
    expect(await provider().getPayment(a.providerPaymentId, stored)).toEqual({
      status: 'PENDING',
      amountRub: 5000,
      refunded: false,
      testInLiveShop: false,
    });
    fake.succeed(a.providerPaymentId);
    expect(await provider().getPayment(a.providerPaymentId, stored)).toEqual({
      status: 'SUCCEEDED',
      amountRub: 5000,
      refunded: false,
      testInLiveShop: false,
    });
    fake.refund(a.providerPaymentId);
    expect(await provider().getPayment(a.providerPaymentId, stored)).toEqual({
      status: 'SUCCEEDED',
      amountRub: 5000,
      refunded: true,
      testInLiveShop: false,
    });
    const b = await provider().createPayment(input('pay-4'));
    fake.cancel(b.providerPaymentId);
    expect((await provider().getPayment(b.providerPaymentId, stored)).status).toBe('CANCELED');
  });

  it('tells a live shop that a payment is a test one, which pays for nothing there', async () => {
    const created = await provider().createPayment(input('pay-test'));
    fake.succeed(created.providerPaymentId);
    const stored = { status: 'PENDING', amountRub: 5000 } as const;

    const live = await provider('test_secret', true).getPayment(created.providerPaymentId, stored);
    const testShop = await provider('test_secret', false).getPayment(created.providerPaymentId, stored);

    expect(live).toMatchObject({ status: 'SUCCEEDED', testInLiveShop: true });
    expect(testShop).toMatchObject({ status: 'SUCCEEDED', testInLiveShop: false });
  });

  it('fails clearly with wrong credentials, not retryable', async () => {
    const error = await provider('wrong')
      .createPayment(input('pay-5'))
      .catch((e) => e);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('401');
  });

  it('fails as retryable when YooKassa answers something that is not JSON', async () => {
    const garbled = createYooKassaProvider({
      shopId: '1',
      secretKey: 's',
      apiUrl: fake.apiUrl,
      returnUrl: 'https://app.example/return',
      liveOnly: false,
      fetch: async () => new Response('<html>502 Bad Gateway</html>', { status: 200 }),
    });
    const error = await garbled.getPayment('x', { status: 'PENDING', amountRub: 1 }).catch((e) => e);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect(error.retryable).toBe(true);
  });

  it('fails as retryable when YooKassa is unreachable', async () => {
    const unreachable = createYooKassaProvider({
      shopId: '1',
      secretKey: 's',
      apiUrl: 'http://127.0.0.1:9/v3',
      returnUrl: 'https://app.example/return',
      liveOnly: false,
    });
    const error = await unreachable.getPayment('x', { status: 'PENDING', amountRub: 1 }).catch((e) => e);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect(error.retryable).toBe(true);
  });
});
