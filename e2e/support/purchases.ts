import type { APIRequestContext } from '@playwright/test';
import type { TStartPaymentResponse } from '#contract/purchases';
import { type TMyCoupon, ZMyCouponsResponse } from '#contract/purchases';
import { signInitData, type TelegramUser } from '../../server/src/telegram/init-data.ts';
import { DEMO, E2E_BOT_TOKEN } from './constants.ts';
import { decodeQrPng } from './qr.ts';

export const DEMO_REGION = 'Карелия';
export const DEMO_COMPANY = 'Рафт-школа «Порог»';

/** The API as the mini-app calls it for `user`: Telegram init data and a CSRF token on unsafe calls. */
export const apiAs = (request: APIRequestContext, user: TelegramUser) =>
  apiSignedWith(request, signInitData(user, E2E_BOT_TOKEN));

/** The API called with this init data, at `baseUrl` (a server of its own, as the stand-in is) or the test's. */
export function apiSignedWith(request: APIRequestContext, initData: string, baseUrl = '') {
  const authorization = `tma ${initData}`;

  async function call<T>(method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown): Promise<T> {
    const headers: Record<string, string> = { Authorization: authorization };
    if (method !== 'GET') {
      const csrf = await request.get(`${baseUrl}/api/csrf`);
      headers['X-XSRF-TOKEN'] = ((await csrf.json()) as { token: string }).token;
    }
    const response = await request.fetch(`${baseUrl}${path}`, {
      method,
      headers,
      ...(data !== undefined && { data }),
    });
    const text = await response.text();
    if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${text}`);
    // 204 (the consent, say) has no body to read.
    return (text === '' ? undefined : JSON.parse(text)) as T;
  }

  /** An image the API serves to `user` only (a coupon's QR), as its bytes. */
  async function image(path: string): Promise<Uint8Array> {
    const response = await request.get(`${baseUrl}${path}`, { headers: { Authorization: authorization } });
    if (!response.ok()) throw new Error(`GET ${path}: ${response.status()} ${await response.text()}`);
    return new Uint8Array(await response.body());
  }

  return {
    get: <T>(path: string) => call<T>('GET', path),
    post: <T>(path: string, data?: unknown) => call<T>('POST', path, data),
    put: <T>(path: string, data?: unknown) => call<T>('PUT', path, data),
    image,
  };
}

type Api = ReturnType<typeof apiSignedWith>;

/** Starts a payment for the first coupon on sale of the demo partner in Карелия. */
export async function startPayment(api: Api) {
  const partners = await api.get<{ id: number; companyName: string }[]>(
    `/api/partners/filter/${encodeURIComponent(DEMO_REGION)}`,
  );
  const partner = partners.find(({ companyName }) => companyName === DEMO_COMPANY);
  if (!partner) throw new Error(`${DEMO_COMPANY} is not on sale in ${DEMO_REGION}`);
  const [offer] = await api.get<{ id: number; discount: number; price: number }[]>(
    `/api/coupons/partner/${partner.id}`,
  );
  if (!offer) throw new Error(`${DEMO_COMPANY} sells no coupons`);
  return { discount: offer.discount, ...(await startSandboxPayment(api, offer.id)) };
}

/** A payment of the offer `couponId` started as the buy screen does, after the buyer's consent. */
async function startSandboxPayment(api: Api, couponId: number) {
  // The consent the buy screen asks for before a first purchase (152-ФЗ).
  await api.post('/api/me/consent');
  const payment = await api.post<TStartPaymentResponse>(`/api/payments/${couponId}`);
  if (!('paymentUrl' in payment)) throw new Error('the end-to-end server pays through the sandbox checkout');
  return { couponId, paymentId: payment.paymentId, paymentUrl: payment.paymentUrl };
}

/** Presses «Оплатить» on the sandbox checkout without a browser (its form posts no CSRF token). */
export async function payInSandbox(request: APIRequestContext, paymentUrl: string) {
  const response = await request.post(`${paymentUrl}/pay`, { maxRedirects: 0 });
  if (response.status() !== 303) throw new Error(`sandbox pay: ${response.status()}`);
}

/** Pays in the sandbox and confirms as «Да» does: the purchased coupon's id in the owner's list. */
async function payAndConfirm(
  request: APIRequestContext,
  user: TelegramUser & { username: string },
  { couponId, paymentId, paymentUrl }: { couponId: number; paymentId: string; paymentUrl: string },
) {
  await payInSandbox(request, paymentUrl);
  const { purchasedCouponId } = await apiAs(request, user).post<{ purchasedCouponId: string }>(
    `/api/coupons/buy/${couponId}/${user.username}`,
    { paymentId },
  );
  return purchasedCouponId;
}

/** A coupon of the demo partner bought and paid for by `user`: its id in the owner's list. */
export async function buyCoupon(request: APIRequestContext, user: TelegramUser & { username: string }) {
  return payAndConfirm(request, user, await startPayment(apiAs(request, user)));
}

/** A coupon of the offer `couponId` bought and paid for by `user`: its id in the owner's list. */
export async function buyOffer(
  request: APIRequestContext,
  user: TelegramUser & { username: string },
  couponId: number,
) {
  return payAndConfirm(request, user, await startSandboxPayment(apiAs(request, user), couponId));
}

/** The PNG of a coupon of My QR, fetched as its owner's app fetches it. */
export const qrPngOf = (
  request: APIRequestContext,
  user: TelegramUser,
  coupon: Pick<TMyCoupon, 'qrImageUrl'>,
) => apiAs(request, user).image(coupon.qrImageUrl);

/** The user's QR coupons as the server lists them, newest first. */
export async function listMyCoupons(request: APIRequestContext, user: TelegramUser & { username: string }) {
  const coupons = await apiAs(request, user).get<TMyCoupon[]>(
    `/api/coupon/valid/qr/customer/${user.username}`,
  );
  return ZMyCouponsResponse.parse(coupons);
}

/** A fresh coupon of the demo partner, bought by the member: the coupon, its QR as a PNG and as text. */
export async function freshCouponQr(request: APIRequestContext) {
  const purchasedCouponId = await buyCoupon(request, DEMO.member);
  const coupon = (await listMyCoupons(request, DEMO.member)).find(({ id }) => id === purchasedCouponId);
  if (!coupon) throw new Error('the bought coupon is not in the list');
  const png = await qrPngOf(request, DEMO.member, coupon);
  return { coupon, png, text: await decodeQrPng(png) };
}
