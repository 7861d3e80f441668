import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TOffer } from '#contract/coupons';
import type { TUserState } from '@/features/session/user-state';
import { type FakeRoute, stubApi } from '@/test/fake-api';
import { jsonResponse, plainUser, renderWithProviders } from '@/test/render';
import { ScreenAt } from '@/test/screens';
import { BuyCouponsPage } from '../buy-coupons-page';

const NOW = new Date('2026-11-29T06:59:55Z');
const OFFERS = 'GET /api/coupons/partner/1';
const PAY = 'POST /api/payments/31';
const LINE = '/api/offers/31/waitlist';
const PAY_BUTTON = 'ОПЛАТИТЬ И СГЕНЕРИРОВАТЬ QR';

const limited = (extra: Partial<TOffer>): TOffer => ({
  id: 31,
  discount: 750,
  price: 50,
  paymentLink: null,
  validUntil: null,
  validDays: null,
  quantity: 20,
  left: 7,
  perBuyer: 2,
  saleStartsAt: null,
  ...extra,
});

function catalogue(
  offers: () => TOffer[],
  pay?: FakeRoute,
  line: Record<string, FakeRoute> = {},
): Record<string, FakeRoute> {
  return {
    ...line,
    'GET /api/partners/region': () => jsonResponse(['Карелия']),
    'GET /api/partners/types/Карелия': () => jsonResponse(['ШКОЛА']),
    'GET /api/partners/filter/Карелия/ШКОЛА': () =>
      jsonResponse([{ id: 1, companyName: 'Порог', discountConditions: [], rating: null }]),
    [OFFERS]: () => jsonResponse(offers()),
    ...(pay ? { [PAY]: pay } : {}),
  };
}

const setupUser = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

/** Opens the buy screen straight at the partner's offers, the limited one chosen. */
async function openOffer(user: ReturnType<typeof setupUser>, person: TUserState = plainUser) {
  renderWithProviders(<ScreenAt screens={{ '/buy-coupons': <BuyCouponsPage /> }} />, {
    route: '/buy-coupons?region=Карелия&type=ШКОЛА&partners=1&partner=1&offers=1',
    user: person,
  });
  await user.click(await screen.findByRole('button', { name: /СКИДКА ПАРТНЕРА 750руб/ }));
}

describe('a limited offer on the buy screen', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('says on the offer how many are left of how many and how many one person may buy, before the press', async () => {
    const user = setupUser();
    stubApi(catalogue(() => [limited({})]));
    await openOffer(user);
    const tile = screen.getByRole('button', { name: /СКИДКА ПАРТНЕРА 750руб/ });
    expect(tile).toHaveTextContent('Осталось 7 из 20');
    expect(tile).toHaveTextContent('Не больше 2 в одни руки');
    expect(screen.getByRole('button', { name: PAY_BUTTON })).toBeEnabled();
  });

  it('counts down to the sale in Moscow time with payment closed, then asks for the offer again', async () => {
    const user = setupUser();
    const api = stubApi(catalogue(() => [limited({ saleStartsAt: '2026-11-29T07:00:00.000Z' })]));
    await openOffer(user);
    expect(screen.getByRole('button', { name: /СКИДКА ПАРТНЕРА 750руб/ })).toHaveTextContent(
      'Продажа начнется 29.11.2026 10:00 по Москве',
    );
    expect(screen.getByRole('status')).toHaveTextContent('До начала продажи: 00:00:05');
    expect(screen.getByRole('button', { name: PAY_BUTTON })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole('status')).toHaveTextContent('До начала продажи: 00:00:04');

    const asked = api.callsTo(OFFERS).length;
    await act(() => vi.advanceTimersByTimeAsync(4000));
    await vi.waitFor(() => expect(api.callsTo(OFFERS).length).toBeGreaterThan(asked));
    expect(screen.queryByText(/До начала продажи/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: PAY_BUTTON })).toBeEnabled();
  });

  it('shows «Разобрали» with payment closed when none is left', async () => {
    const user = setupUser();
    stubApi(
      catalogue(() => [limited({ left: 0 })], undefined, {
        [`GET ${LINE}`]: () => jsonResponse({ position: null, heldUntil: null }),
      }),
    );
    await openOffer(user);
    expect(screen.getByRole('button', { name: /СКИДКА ПАРТНЕРА 750руб/ })).toHaveTextContent('Разобрали');
    expect(screen.getByText(/Купоны закончились: их разобрали/)).toBeVisible();
    expect(screen.getByRole('button', { name: PAY_BUTTON })).toBeDisabled();
  });

  it('tells a buyer beaten to the last coupon, and shows the offer as gone', async () => {
    const user = setupUser();
    let left = 1;
    stubApi(
      catalogue(
        () => [limited({ left })],
        () => {
          left = 0;
          return jsonResponse({ error: 'sold_out', message: 'Купоны закончились' }, 409);
        },
        { [`GET ${LINE}`]: () => jsonResponse({ position: null, heldUntil: null }) },
      ),
    );
    await openOffer(user);
    await user.click(screen.getByRole('button', { name: PAY_BUTTON }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Купоны закончились');
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: /СКИДКА ПАРТНЕРА 750руб/ })).toHaveTextContent('Разобрали'),
    );
    expect(screen.getByRole('button', { name: PAY_BUTTON })).toBeDisabled();
  });

  it('puts one who found it gone in the line, says the place, and takes them out of it', async () => {
    const user = setupUser();
    const api = stubApi(
      catalogue(() => [limited({ left: 0 })], undefined, {
        [`GET ${LINE}`]: () => jsonResponse({ position: null, heldUntil: null }),
        [`POST ${LINE}`]: () => jsonResponse({ position: 3, heldUntil: null }),
        [`DELETE ${LINE}`]: () => new Response(null, { status: 204 }),
      }),
    );
    await openOffer(user);
    await user.click(await screen.findByRole('button', { name: 'Встать в очередь' }));
    expect(await screen.findByText('Вы в очереди: ваше место 3.')).toBeVisible();
    expect(api.callsTo(`POST ${LINE}`)).toHaveLength(1);
    expect(screen.getByRole('button', { name: PAY_BUTTON })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Выйти из очереди' }));
    expect(await screen.findByRole('button', { name: 'Встать в очередь' })).toBeEnabled();
    expect(screen.queryByText(/Вы в очереди/)).not.toBeInTheDocument();
  });

  it('opens payment to the first in line while the coupon is held for them, saying until when', async () => {
    const user = setupUser();
    stubApi(
      catalogue(() => [limited({ left: 0 })], undefined, {
        [`GET ${LINE}`]: () => jsonResponse({ position: null, heldUntil: '2026-11-29T09:00:00.000Z' }),
      }),
    );
    await openOffer(user);
    expect(
      await screen.findByText(
        /Купон отложен для вас до 29.11.2026 12:00 по Москве\. Оплатите его до этого времени/,
      ),
    ).toBeVisible();
    expect(screen.getByText('Осталось: 02:00:05')).toBeVisible();
    expect(screen.getByRole('button', { name: PAY_BUTTON })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Встать в очередь' })).not.toBeInTheDocument();
    // The offer itself says so too, never «Разобрали» above it.
    const tile = screen.getByRole('button', { name: /СКИДКА ПАРТНЕРА 750руб/ });
    expect(tile).toHaveTextContent('Отложен для вас');
    expect(tile).not.toHaveTextContent('Разобрали');
  });

  it('does not offer someone outside the chat a place in the line', async () => {
    const user = setupUser();
    stubApi(
      catalogue(() => [limited({ left: 0 })], undefined, {
        [`GET ${LINE}`]: () => jsonResponse({ position: null, heldUntil: null }),
      }),
    );
    await openOffer(user, { ...plainUser, isChatMember: false });
    expect(await screen.findByText('Купоны закончились: их разобрали.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Встать в очередь' })).not.toBeInTheDocument();
    expect(screen.queryByText(/первому в очереди/)).not.toBeInTheDocument();
  });
});
