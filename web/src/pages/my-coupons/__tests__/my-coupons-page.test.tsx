import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeRoute, stubApi } from '@/test/fake-api';
import { listAnswer, myCoupon } from '@/test/my-coupon';
import { jsonResponse, plainUser, renderWithProviders } from '@/test/render';
import { ScreenAt } from '@/test/screens';
import { MyCouponsPage } from '../my-coupons-page';

const LIST = 'GET /api/coupon/valid/qr/customer/user_ivan';
const HELD = 'GET /api/gifts/held';

// Newest first, as the server sends them.
const COUPONS = [
  myCoupon('c3', 'Рафт-школа «Порог»'),
  myCoupon('c2', 'Прокат «Байдарка»', { discount: 300, region: 'Алтай' }),
  myCoupon('c1', 'Магазин «Снаряга»', { status: 'USED' }),
];

// Each QR image as the server sends it (here a few bytes standing for the PNG), and as <img> shows it.
const IMAGES = Object.fromEntries(
  ['c1', 'c2', 'c3', 'c4', 'c5', 'c6'].map((id) => [
    `GET /api/coupon/qr/qr-of-${id}`,
    () => new Response(`png-of-${id}`, { headers: { 'Content-Type': 'image/png' } }),
  ]),
);
const shownQr = (id: string) => `data:image/png;base64,${btoa(`png-of-${id}`)}`;

function renderMyCoupons(route = '/my-coupons') {
  return renderWithProviders(<ScreenAt screens={{ '/my-coupons': <MyCouponsPage /> }} />, {
    route,
    user: plainUser,
  });
}

/** The API with no gift of the user's waiting for its addressee, unless the routes say otherwise. */
const stubWithoutHeldGifts = (routes: Record<string, FakeRoute>) =>
  stubApi({ [HELD]: () => jsonResponse([]), ...routes });

const pager = () => screen.getByText(/^\d+ \/ \d+$/);
const currentSlide = () => screen.getByRole('article');

describe('MyCouponsPage', () => {
  const scrollTo = vi.fn();

  beforeEach(() => {
    // jsdom lays nothing out: no observer of what is in view, and nothing to scroll.
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    Element.prototype.scrollTo = scrollTo;
  });

  afterEach(() => {
    vi.useRealTimers();
    scrollTo.mockReset();
  });

  it('shows the newest QR first with a pager, and the arrows move through the list', async () => {
    stubWithoutHeldGifts({ ...IMAGES, [LIST]: () => listAnswer(COUPONS, '"v1"') });
    renderMyCoupons();

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('МОИ QR');
    expect(await screen.findByText('1 / 3')).toBeInTheDocument();
    expect(within(currentSlide()).getByRole('heading')).toHaveTextContent('Рафт-школа «Порог»');
    expect(await within(currentSlide()).findByRole('img')).toHaveAttribute('src', shownQr('c3'));
    expect(currentSlide()).toHaveTextContent('Скидка 500 руб');
    // The 15 % rule, so the person at the counter applies it.
    expect(currentSlide()).toHaveTextContent('На услуги от 3 334 руб');
    expect(currentSlide()).toHaveTextContent('Карелия');
    expect(currentSlide()).toHaveTextContent('Действующий купон 1 из 2');
    expect(screen.getByText('Покажите QR партнеру для получения скидки.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Предыдущий QR' })).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: 'Следующий QR' }));

    expect(pager()).toHaveTextContent('2 / 3');
    expect(within(currentSlide()).getByRole('heading')).toHaveTextContent('Прокат «Байдарка»');
    expect(currentSlide()).toHaveTextContent('Действующий купон 2 из 2');
    expect(currentSlide()).toHaveTextContent('Скидка 300 руб');
    expect(currentSlide()).toHaveTextContent('Алтай');
    expect(scrollTo).toHaveBeenLastCalledWith(expect.objectContaining({ behavior: 'smooth' }));
  });

  it('shows a used coupon as used: greyed and stamped, not openable, no gift, no «show it» hint', async () => {
    stubWithoutHeldGifts({ ...IMAGES, [LIST]: () => listAnswer(COUPONS, '"v1"') });
    renderMyCoupons();
    await screen.findByText('1 / 3');

    fireEvent.click(screen.getByRole('button', { name: 'Следующий QR' }));
    fireEvent.click(screen.getByRole('button', { name: 'Следующий QR' }));

    expect(pager()).toHaveTextContent('3 / 3');
    expect(currentSlide()).toHaveTextContent('Недействующий купон 1 из 1');
    expect(currentSlide()).toHaveTextContent('ИСПОЛЬЗОВАН');
    expect(await within(currentSlide()).findByRole('img')).toHaveAccessibleName(
      'Использованный QR купона «Магазин «Снаряга»»',
    );
    expect(within(currentSlide()).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Подарить другу' })).not.toBeInTheDocument();
    expect(screen.queryByText('Покажите QR партнеру для получения скидки.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Следующий QR' })).toBeDisabled();
  });

  it('says until when a valid coupon may be used', async () => {
    stubWithoutHeldGifts({
      [LIST]: () => listAnswer([myCoupon('c4', 'Рафт-школа «Порог»', { expiresAt: '2027-09-30' })], '"v1"'),
    });
    renderMyCoupons();

    expect(await screen.findByText('Действует до 30.09.2027')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Подарить другу' })).toBeInTheDocument();
  });

  it('shows an expired coupon as such: stamped, not openable, and not offered as a gift', async () => {
    stubWithoutHeldGifts({
      ...IMAGES,
      [LIST]: () =>
        listAnswer(
          [myCoupon('c5', 'Прокат «Байдарка»', { status: 'EXPIRED', expiresAt: '2026-06-30' })],
          '"v1"',
        ),
    });
    renderMyCoupons();

    expect(await screen.findByText('Срок действия истек')).toBeInTheDocument();
    expect(currentSlide()).toHaveTextContent('СРОК ИСТЕК');
    expect(screen.queryByText(/Действует до/)).not.toBeInTheDocument();
    expect(await within(currentSlide()).findByRole('img')).toHaveAccessibleName(
      'Просроченный QR купона «Прокат «Байдарка»»',
    );
    expect(within(currentSlide()).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Подарить другу' })).not.toBeInTheDocument();
    expect(screen.queryByText('Покажите QR партнеру для получения скидки.')).not.toBeInTheDocument();
  });

  it('shows a coupon whose money is going back as such: stamped, not openable, and not offered as a gift', async () => {
    stubWithoutHeldGifts({
      ...IMAGES,
      [LIST]: () => listAnswer([myCoupon('c6', 'Прокат «Байдарка»', { status: 'REFUND_PENDING' })], '"v1"'),
    });
    renderMyCoupons();

    expect(await screen.findByText('Идет возврат денег: купон больше не действует')).toBeInTheDocument();
    expect(currentSlide()).toHaveTextContent('ВОЗВРАТ');
    expect(await within(currentSlide()).findByRole('img')).toHaveAccessibleName(
      'QR купона «Прокат «Байдарка»», по которому идет возврат денег',
    );
    expect(within(currentSlide()).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Подарить другу' })).not.toBeInTheDocument();
  });

  it('opens the QR over the whole screen on a tap and closes it by the backdrop only', async () => {
    stubWithoutHeldGifts({ ...IMAGES, [LIST]: () => listAnswer(COUPONS, '"v1"') });
    renderMyCoupons();
    await screen.findByText('1 / 3');

    fireEvent.click(screen.getByRole('button', { name: 'Открыть крупно QR купона «Рафт-школа «Порог»»' }));

    const overlay = screen.getByRole('dialog');
    const bigQr = await within(overlay).findByRole('img');
    expect(bigQr).toHaveAttribute('src', shownQr('c3'));
    fireEvent.click(bigQr);
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    fireEvent.click(overlay);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens on a coupon’s QR over the whole screen when Home’s line asks for it', async () => {
    stubWithoutHeldGifts({ ...IMAGES, [LIST]: () => listAnswer(COUPONS, '"v1"') });
    renderMyCoupons('/my-coupons?couponId=c2&qr=1');

    const overlay = await screen.findByRole('dialog', { name: 'QR купона «Прокат «Байдарка»»' });
    expect(await within(overlay).findByRole('img')).toHaveAttribute('src', shownQr('c2'));
    fireEvent.click(overlay);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(pager()).toHaveTextContent('2 / 3');
  });

  it('gifts the coupon on the current slide, 200 ms after the tap', async () => {
    stubWithoutHeldGifts({ ...IMAGES, [LIST]: () => listAnswer(COUPONS, '"v1"') });
    renderMyCoupons();
    await screen.findByText('1 / 3');
    fireEvent.click(screen.getByRole('button', { name: 'Следующий QR' }));
    vi.useFakeTimers();

    fireEvent.click(screen.getByRole('button', { name: 'Подарить другу' }));
    act(() => vi.advanceTimersByTime(199));
    expect(screen.queryByTestId('where')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));

    expect(screen.getByTestId('where')).toHaveTextContent('/gift-to-friend?couponId=c2');
  });

  it('goes home by «НА ГЛАВНУЮ СТРАНИЦУ»', async () => {
    stubWithoutHeldGifts({ ...IMAGES, [LIST]: () => listAnswer(COUPONS, '"v1"') });
    renderMyCoupons();

    fireEvent.click(screen.getByRole('button', { name: 'НА ГЛАВНУЮ СТРАНИЦУ' }));

    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/$/);
  });

  it('reloads every 5 s with If-None-Match, keeping the list on 304 and taking a changed one', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers = [
      () => listAnswer(COUPONS.slice(0, 1), '"v1"'),
      () => new Response(null, { status: 304, headers: { ETag: '"v1"' } }),
      () => listAnswer([myCoupon('c4', 'Туры «Алтай»'), ...COUPONS.slice(0, 1)], '"v2"'),
    ];
    const api = stubWithoutHeldGifts({
      ...IMAGES,
      [LIST]: () => answers.shift()?.() ?? new Response(null, { status: 304, headers: { ETag: '"v2"' } }),
    });
    renderMyCoupons();

    expect(await screen.findByRole('heading', { name: 'Рафт-школа «Порог»' })).toBeInTheDocument();
    expect(api.callsTo(LIST)).toHaveLength(1);
    expect(api.callsTo(LIST)[0]?.has('If-None-Match')).toBe(false);

    await act(() => vi.advanceTimersByTimeAsync(4900));
    expect(api.callsTo(LIST)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(api.callsTo(LIST)).toHaveLength(2);
    expect(api.callsTo(LIST)[1]?.get('If-None-Match')).toBe('"v1"');
    expect(screen.getByRole('heading', { name: 'Рафт-школа «Порог»' })).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(api.callsTo(LIST)).toHaveLength(3);
    expect(api.callsTo(LIST)[2]?.get('If-None-Match')).toBe('"v1"');
    expect(await screen.findByText('1 / 2')).toBeInTheDocument();
    expect(within(currentSlide()).getByRole('heading')).toHaveTextContent('Туры «Алтай»');
    // A new coupon's QR is fetched once; the one already shown is not fetched again.
    expect(await within(currentSlide()).findByRole('img')).toHaveAttribute('src', shownQr('c4'));
    expect(api.callsTo('GET /api/coupon/qr/qr-of-c4')).toHaveLength(1);
    expect(api.callsTo('GET /api/coupon/qr/qr-of-c3')).toHaveLength(1);
  });

  it('takes over the list and images the early script asked for at launch, without asking again', async () => {
    const image = Promise.resolve(shownQr('c3'));
    window.__earlyMyQr = {
      username: 'user_ivan',
      answer: Promise.resolve({
        body: COUPONS.slice(0, 1),
        etag: '"v1"',
        images: { [COUPONS[0]?.qrImageUrl ?? '']: image },
      }),
    };
    const api = stubWithoutHeldGifts({ ...IMAGES, [LIST]: () => listAnswer(COUPONS, '"v2"') });
    renderMyCoupons();

    expect(await within(await screen.findByRole('article')).findByRole('img')).toHaveAttribute(
      'src',
      shownQr('c3'),
    );
    expect(api.callsTo(LIST)).toHaveLength(0);
    expect(api.callsTo('GET /api/coupon/qr/qr-of-c3')).toHaveLength(0);
    expect(window.__earlyMyQr).toBeUndefined();
  });

  it('opens on the coupon just bought, named by its id, wherever it is in the list', async () => {
    stubWithoutHeldGifts({ ...IMAGES, [LIST]: () => listAnswer(COUPONS, '"v1"') });
    renderMyCoupons('/my-coupons?couponId=c2');

    expect(await screen.findByText('2 / 3')).toBeInTheDocument();
    expect(within(currentSlide()).getByRole('heading')).toHaveTextContent('Прокат «Байдарка»');
  });

  it('turns to a usable coupon a later poll brings, as after Telegram’s payment sheet', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers = [
      () => listAnswer(COUPONS, '"v1"'),
      () => listAnswer([...COUPONS.slice(0, 2), myCoupon('c4', 'Туры «Алтай»'), ...COUPONS.slice(2)], '"v2"'),
    ];
    stubWithoutHeldGifts({
      ...IMAGES,
      [LIST]: () => answers.shift()?.() ?? new Response(null, { status: 304, headers: { ETag: '"v2"' } }),
    });
    renderMyCoupons();
    expect(await screen.findByText('1 / 3')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(5000));

    expect(await screen.findByText('3 / 4')).toBeInTheDocument();
    expect(within(currentSlide()).getByRole('heading')).toHaveTextContent('Туры «Алтай»');
  });

  it('says there is no QR yet when the list is empty', async () => {
    stubWithoutHeldGifts({ [LIST]: () => listAnswer([], '"v0"') });
    renderMyCoupons();
    expect(await screen.findByText('QR ПОКА НЕТ')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Подарить другу' })).not.toBeInTheDocument();
  });

  it('says there is no QR yet when the server cannot be reached', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubWithoutHeldGifts({});
    renderMyCoupons();
    expect(await screen.findByText('QR ПОКА НЕТ')).toBeInTheDocument();
  });

  it('lists the gifts waiting for their addressee, and a canceled one leaves the list and comes back as a QR', async () => {
    const CANCEL = 'POST /api/gifts/7/cancel';
    let canceled = false;
    const waiting = {
      giftId: 7,
      purchasedCouponId: 'c5',
      toUsername: 'quiet_friend',
      createdAt: '2026-06-01T09:30:00.000Z',
    };
    const api = stubApi({
      ...IMAGES,
      [LIST]: () => listAnswer(canceled ? [myCoupon('c5', 'Туры «Алтай»'), ...COUPONS] : COUPONS, '"v1"'),
      [HELD]: () => jsonResponse(canceled ? [] : [waiting]),
      [CANCEL]: () => {
        canceled = true;
        return jsonResponse('ok');
      },
    });
    renderMyCoupons();

    const row = (await screen.findByText('Для @quiet_friend')).closest('li') as HTMLElement;
    expect(screen.getByRole('heading', { name: 'ПОДАРКИ ЖДУТ ПОЛУЧАТЕЛЯ' })).toBeInTheDocument();
    expect(row).toHaveTextContent('подарен 01.06.2026 12:30');
    fireEvent.click(within(row).getByRole('button', { name: 'Отменить подарок для @quiet_friend' }));

    expect(await screen.findByRole('heading', { name: 'Туры «Алтай»' })).toBeInTheDocument();
    expect(api.callsTo(CANCEL)).toHaveLength(1);
    expect(screen.queryByText('Для @quiet_friend')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'ПОДАРКИ ЖДУТ ПОЛУЧАТЕЛЯ' })).not.toBeInTheDocument();
  });
});
