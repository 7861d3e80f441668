import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TMyCoupon } from '#contract/purchases';
import { stubApi } from '@/test/fake-api';
import { listAnswer, myCoupon } from '@/test/my-coupon';
import { jsonResponse, plainUser, renderWithProviders } from '@/test/render';
import { ScreenAt } from '@/test/screens';
import { MyCouponsPage } from '../my-coupons-page';

// The Telegram account of the launch, which the saved list belongs to; a test may switch it.
const launch = vi.hoisted(() => ({ userId: 42 }));
vi.mock('@/messenger/launch-params', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/messenger/launch-params')>()),
  launchUser: () => ({ id: launch.userId, username: 'user_ivan' }),
}));

const LIST = 'GET /api/coupon/valid/qr/customer/user_ivan';
const OFFLINE_NOTICE = 'Нет связи. Показан сохраненный QR.';

const porog = myCoupon('c1', 'Рафт-школа «Порог»');
const baidarka = myCoupon('c2', 'Прокат «Байдарка»');
const altai = myCoupon('c3', 'Туры «Алтай»');

const imageOf = (id: string) => `data:image/png;base64,${btoa(`png-of-${id}`)}`;
const imageRoute = (id: string) => ({
  [`GET /api/coupon/qr/qr-of-${id}`]: () =>
    new Response(`png-of-${id}`, { headers: { 'Content-Type': 'image/png' } }),
});

const savedKey = (userId: number) => `katajsya.myQr.${userId}`;

/** The list as an earlier, connected visit left it on the device. */
function saveOnDevice(userId: number, coupons: TMyCoupon[]) {
  const images = Object.fromEntries(coupons.map(({ id, qrImageUrl }) => [qrImageUrl, imageOf(id)]));
  localStorage.setItem(savedKey(userId), JSON.stringify({ coupons, images }));
}

const savedOnDevice = (userId: number) =>
  JSON.parse(localStorage.getItem(savedKey(userId)) ?? 'null') as {
    coupons: TMyCoupon[];
    images: Record<string, string>;
  } | null;

const noNetwork = () => Promise.reject(new TypeError('Failed to fetch'));

function renderMyCoupons() {
  return renderWithProviders(<ScreenAt screens={{ '/my-coupons': <MyCouponsPage /> }} />, {
    route: '/my-coupons',
    user: plainUser,
  });
}

const currentSlide = () => screen.getByRole('article');

describe('My QR without a network', () => {
  beforeEach(() => {
    launch.userId = 42;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    Element.prototype.scrollTo = vi.fn();
  });

  afterEach(() => vi.useRealTimers());

  it('shows the saved QR, image and all, marked as saved, when the list cannot be fetched', async () => {
    saveOnDevice(42, [porog, baidarka]);
    const api = stubApi({ [LIST]: noNetwork, 'GET /api/gifts/held': noNetwork });
    renderMyCoupons();

    expect(await screen.findByText(OFFLINE_NOTICE)).toBeInTheDocument();
    expect(screen.getByText('1 / 2')).toBeInTheDocument();
    expect(within(currentSlide()).getByRole('heading')).toHaveTextContent('Рафт-школа «Порог»');
    expect(within(currentSlide()).getByRole('img')).toHaveAttribute('src', imageOf('c1'));
    expect(screen.queryByText('QR ПОКА НЕТ')).not.toBeInTheDocument();
    // The saved image is shown as it is: nothing is asked of the server for it.
    expect(api.callsTo('GET /api/coupon/qr/qr-of-c1')).toHaveLength(0);
  });

  it('keeps the QR on screen, marked, when a poll fails after a connected start', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let online = true;
    stubApi({
      ...imageRoute('c1'),
      [LIST]: () => (online ? listAnswer([porog], '"v1"') : noNetwork()),
      'GET /api/gifts/held': () => jsonResponse([]),
    });
    renderMyCoupons();
    expect(await within(await screen.findByRole('article')).findByRole('img')).toHaveAttribute(
      'src',
      imageOf('c1'),
    );
    expect(screen.queryByText(OFFLINE_NOTICE)).not.toBeInTheDocument();

    online = false;
    await act(() => vi.advanceTimersByTimeAsync(5000));

    expect(await screen.findByText(OFFLINE_NOTICE)).toBeInTheDocument();
    expect(within(currentSlide()).getByRole('img')).toHaveAttribute('src', imageOf('c1'));
    // Saved on the device as well, for the next start without a signal.
    expect(savedOnDevice(42)).toEqual({ coupons: [porog], images: { [porog.qrImageUrl]: imageOf('c1') } });
  });

  it('replaces the saved list with each answer: a coupon gone elsewhere is gone, its image too', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    saveOnDevice(42, [porog, baidarka]);
    let online = true;
    const api = stubApi({
      ...imageRoute('c3'),
      // Since the last visit «Порог» was redeemed and «Байдарка» gifted away; «Алтай» was bought.
      [LIST]: () => (online ? listAnswer([altai], '"v2"') : noNetwork()),
      'GET /api/gifts/held': () => jsonResponse([]),
    });
    renderMyCoupons();

    expect(await screen.findByRole('heading', { name: 'Туры «Алтай»' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Рафт-школа «Порог»' })).not.toBeInTheDocument();
    expect(screen.queryByText(OFFLINE_NOTICE)).not.toBeInTheDocument();
    await vi.waitFor(() =>
      expect(savedOnDevice(42)).toEqual({ coupons: [altai], images: { [altai.qrImageUrl]: imageOf('c3') } }),
    );

    online = false;
    await act(() => vi.advanceTimersByTimeAsync(5000));

    expect(await screen.findByText(OFFLINE_NOTICE)).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(within(currentSlide()).getByRole('heading')).toHaveTextContent('Туры «Алтай»');
    // Fetched once, while online; never again.
    expect(api.callsTo('GET /api/coupon/qr/qr-of-c3')).toHaveLength(1);
  });

  it('never shows one Telegram account the QR saved by another on the same device', async () => {
    saveOnDevice(42, [porog]);
    launch.userId = 43;
    stubApi({ [LIST]: noNetwork, 'GET /api/gifts/held': noNetwork });
    renderMyCoupons();

    expect(await screen.findByText('QR ПОКА НЕТ')).toBeInTheDocument();
    expect(screen.queryByText(OFFLINE_NOTICE)).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Рафт-школа «Порог»' })).not.toBeInTheDocument();
  });

  it('shows no saved QR when the server refuses the list: that is no lost connection', async () => {
    saveOnDevice(42, [porog]);
    stubApi({
      [LIST]: () => jsonResponse({ error: 'forbidden', message: 'Недостаточно прав' }, 403),
      'GET /api/gifts/held': () => jsonResponse([]),
    });
    renderMyCoupons();

    expect(await screen.findByText('QR ПОКА НЕТ')).toBeInTheDocument();
    expect(screen.queryByText(OFFLINE_NOTICE)).not.toBeInTheDocument();
  });
});
