import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TCouponRequest } from '#contract/coupons';
import { type FakeRoute, stubApi } from '@/test/fake-api';
import { adminUser, jsonResponse, partnerUser, renderWithProviders } from '@/test/render';
import { RequestCouponsPage } from '../request-coupons-page';

const LIST = 'GET /api/coupons/to/apply';
const ACCEPT = 'POST /api/coupon/apply/accept';

const porog: TCouponRequest = {
  id: 11,
  couponId: 11,
  partnerId: 1,
  companyName: 'Рафт-школа «Порог»',
  region: 'Карелия',
  price: 150,
  discount: 1000,
  paymentLinkNeeded: true,
  quantity: null,
  perBuyer: null,
  saleStartsAt: null,
};
const altai: TCouponRequest = { ...porog, id: 12, couponId: 12, partnerId: 2, companyName: 'Алтай-Тур' };

/** The pending list as the server holds it: a decision takes the request out. */
function pendingRequests(initial: TCouponRequest[]) {
  let pending = initial;
  const bodies: unknown[] = [];
  const decide =
    (couponIdOf: (body: unknown) => number): FakeRoute =>
    (init) => {
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      bodies.push(body);
      const couponId = couponIdOf(body);
      pending = pending.filter((request) => request.couponId !== couponId);
      return jsonResponse('ok');
    };
  return {
    list: () => jsonResponse(pending),
    accept: decide((body) => (body as { couponId: number }).couponId),
    reject: (couponId: number) => decide(() => couponId),
    bodies,
  };
}

const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const setupUser = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
const card = (name: string) => screen.getByRole('article', { name });

describe('RequestCouponsPage', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('says the requests are loading until the list arrives, then that there are none', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let reachable = false;
    stubApi({
      [LIST]: () => {
        if (!reachable) throw new TypeError('Failed to fetch');
        return jsonResponse([]);
      },
    });
    renderWithProviders(<RequestCouponsPage />, { user: adminUser });

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Список заявок на добавление купонов',
    );
    expect(screen.getByText('Загрузка…')).toBeInTheDocument();
    reachable = true;
    await wait(4000);
    expect(await screen.findByText('Заявок нет.')).toBeInTheDocument();
  });

  it('tells anyone but an admin that only admins decide requests, alone, without asking the server', () => {
    const api = stubApi({});
    renderWithProviders(<RequestCouponsPage />, { user: partnerUser });

    expect(screen.getByRole('status')).toHaveTextContent(
      'Заявки на купоны рассматривают только администраторы.',
    );
    expect(screen.queryByText('Загрузка…')).not.toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal alone when it refuses an admin of the app’s memory', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({
      [LIST]: () => jsonResponse({ error: 'forbidden', message: 'Недостаточно прав' }, 403),
    });
    renderWithProviders(<RequestCouponsPage />, { user: adminUser });

    expect(await screen.findByRole('alert')).toHaveTextContent('Недостаточно прав');
    expect(screen.queryByText('Загрузка…')).not.toBeInTheDocument();
  });

  it('shows a card per request and polls the list every 4 s', async () => {
    let pending = [porog];
    const api = stubApi({ [LIST]: () => jsonResponse(pending) });
    renderWithProviders(<RequestCouponsPage />, { user: adminUser });

    const porogCard = await screen.findByRole('article', { name: 'Рафт-школа «Порог»' });
    expect(porogCard).toHaveTextContent('Стоимость150 руб');
    expect(porogCard).toHaveTextContent('Скидка1 000 руб');
    // The 15 % rule and what the buyer saves, for the admin deciding.
    expect(porogCard).toHaveTextContent('На услугиот 6 667 руб');
    expect(porogCard).toHaveTextContent('Выгода покупателя850 руб');
    expect(within(porogCard).getByRole('button', { name: 'принять' })).toBeInTheDocument();
    expect(within(porogCard).getByRole('button', { name: 'отклонить' })).toBeInTheDocument();

    pending = [porog, altai];
    await wait(3900);
    expect(api.callsTo(LIST)).toHaveLength(1);
    await wait(100);
    expect(await screen.findByRole('article', { name: 'Алтай-Тур' })).toBeInTheDocument();
  });

  it('asks for the payment link on accept; cancel hides it and forgets the link', async () => {
    const user = setupUser();
    const server = pendingRequests([porog]);
    stubApi({ [LIST]: server.list, [ACCEPT]: server.accept });
    renderWithProviders(<RequestCouponsPage />, { user: adminUser });
    await screen.findByRole('article', { name: 'Рафт-школа «Порог»' });

    await user.click(within(card('Рафт-школа «Порог»')).getByRole('button', { name: 'принять' }));
    await user.type(screen.getByLabelText('Ссылка на оплату'), 'https://pay.example/porog');
    await user.click(screen.getByRole('button', { name: 'отменить' }));

    expect(screen.queryByLabelText('Ссылка на оплату')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'принять' }));
    expect(screen.getByLabelText('Ссылка на оплату')).toHaveValue('');
    expect(server.bodies).toEqual([]);
  });

  it('accepts with the link, then reloads the list', async () => {
    const user = setupUser();
    const server = pendingRequests([porog, altai]);
    const api = stubApi({ [LIST]: server.list, [ACCEPT]: server.accept });
    renderWithProviders(<RequestCouponsPage />, { user: adminUser });
    await screen.findByRole('article', { name: 'Рафт-школа «Порог»' });

    await user.click(within(card('Рафт-школа «Порог»')).getByRole('button', { name: 'принять' }));
    await user.type(screen.getByLabelText('Ссылка на оплату'), ' https://pay.example/porog ');
    await user.click(screen.getByRole('button', { name: 'подтвердить' }));

    await vi.waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Рафт-школа «Порог»' })).not.toBeInTheDocument(),
    );
    expect(server.bodies).toEqual([
      {
        couponId: 11,
        paymentLink: 'https://pay.example/porog',
        quantity: null,
        perBuyer: null,
        saleStartsAt: null,
      },
    ]);
    expect(api.callsTo(LIST)).toHaveLength(2);
    expect(card('Алтай-Тур')).toBeInTheDocument();
  });

  it('asks for no link where the provider takes the money: «подтвердить» accepts, with the limits as changed', async () => {
    const user = setupUser();
    const server = pendingRequests([
      {
        ...porog,
        paymentLinkNeeded: false,
        quantity: 20,
        perBuyer: 2,
        saleStartsAt: '2026-11-29T07:00:00.000Z',
      },
    ]);
    stubApi({ [LIST]: server.list, [ACCEPT]: server.accept });
    renderWithProviders(<RequestCouponsPage />, { user: adminUser });
    await screen.findByRole('article', { name: 'Рафт-школа «Порог»' });

    // The partner's limits, as asked.
    const asked = card('Рафт-школа «Порог»');
    expect(within(asked).getByText('Всего купонов').nextSibling).toHaveTextContent('20 шт');
    expect(within(asked).getByText('В одни руки').nextSibling).toHaveTextContent('2 шт');
    expect(within(asked).getByText('Продажа с').nextSibling).toHaveTextContent('29.11.2026 10:00 по Москве');

    await user.click(screen.getByRole('button', { name: 'принять' }));
    expect(screen.queryByLabelText('Ссылка на оплату')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Начало продажи, по Москве')).toHaveValue('2026-11-29T10:00');
    await user.clear(screen.getByLabelText('Сколько купонов всего'));
    // Refused as typed, not read as 25.
    await user.type(screen.getByLabelText('Сколько купонов всего'), '2,5');
    expect(screen.getByLabelText('Сколько купонов всего')).toHaveAccessibleDescription(
      expect.stringContaining('Количество: целое число от 1 до 100\u00a0000'),
    );
    expect(screen.getByRole('button', { name: 'подтвердить' })).toBeDisabled();
    await user.clear(screen.getByLabelText('Сколько купонов всего'));
    await user.type(screen.getByLabelText('Сколько купонов всего'), '30');
    await user.click(screen.getByRole('button', { name: 'подтвердить' }));

    expect(await screen.findByText('Заявок нет.')).toBeInTheDocument();
    expect(server.bodies).toEqual([
      { couponId: 11, paymentLink: '', quantity: 30, perBuyer: 2, saleStartsAt: '2026-11-29T07:00:00.000Z' },
    ]);
  });

  it('rejects, then reloads the list to its empty state', async () => {
    const user = setupUser();
    const server = pendingRequests([altai]);
    stubApi({ [LIST]: server.list, 'POST /api/coupon/apply/reject/12': server.reject(12) });
    renderWithProviders(<RequestCouponsPage />, { user: adminUser });
    await screen.findByRole('article', { name: 'Алтай-Тур' });

    await user.click(screen.getByRole('button', { name: 'отклонить' }));

    expect(await screen.findByText('Заявок нет.')).toBeInTheDocument();
    expect(server.bodies).toEqual([undefined]);
  });

  it('says неизвестная ошибка for 2 s when a decision fails, and reloads the list', async () => {
    const user = setupUser();
    const api = stubApi({
      [LIST]: () => jsonResponse([porog]),
      'POST /api/coupon/apply/reject/11': () =>
        jsonResponse({ error: 'already_decided', message: 'Эта заявка уже рассмотрена' }, 409),
    });
    renderWithProviders(<RequestCouponsPage />, { user: adminUser });
    await screen.findByRole('article', { name: 'Рафт-школа «Порог»' });

    await user.click(screen.getByRole('button', { name: 'отклонить' }));

    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('неизвестная ошибка');
    expect(failure).toHaveTextContent('Эта заявка уже рассмотрена');
    await vi.waitFor(() => expect(api.callsTo(LIST)).toHaveLength(2));
    await wait(1800);
    expect(screen.getByText('неизвестная ошибка')).toBeInTheDocument();
    await wait(200);
    expect(screen.queryByText('неизвестная ошибка')).not.toBeInTheDocument();
  });
});
