import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TPartnerOption } from '#contract/partners';
import { type FakeRoute, stubApi } from '@/test/fake-api';
import { adminUser, jsonResponse, partnerUser, renderWithProviders } from '@/test/render';
import { AddCouponPage } from '../add-coupon-page';

const PARTNERS = 'GET /api/partners';
const APPLY = 'POST /api/coupon/apply';

const porog: TPartnerOption = { id: 1, companyName: 'Рафт-школа «Порог»', region: 'Карелия' };
const allPartners: TPartnerOption[] = [
  { id: 3, companyName: 'Сплав-Мастер', region: 'Адыгея' },
  porog,
  { id: 2, companyName: 'Алтай-Тур', region: 'Алтай' },
  { id: 9, companyName: '  ', region: 'Алтай' },
];

function recording(answer: () => Response) {
  const bodies: unknown[] = [];
  const route: FakeRoute = (init) => {
    bodies.push(JSON.parse(String(init.body)));
    return answer();
  };
  return { route, bodies };
}

const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const setupUser = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

async function fillAmounts(user: ReturnType<typeof setupUser>, price: string, discount: string) {
  await user.type(screen.getByLabelText('Стоимость купона, руб'), price);
  await user.type(screen.getByLabelText('Скидка, руб'), discount);
}

describe('AddCouponPage', () => {
  beforeEach(() => {
    // The clock runs by itself for the query client, and jumps where a test says so.
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('says Загрузка... while the partner list cannot be loaded and asks again every 3 s', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let reachable = false;
    const api = stubApi({
      [PARTNERS]: () => {
        if (!reachable) throw new TypeError('Failed to fetch');
        return jsonResponse([porog]);
      },
    });
    renderWithProviders(<AddCouponPage />, { user: partnerUser });

    expect(screen.getByLabelText('Партнер')).toBeDisabled();
    expect(screen.getByRole('option', { name: 'Загрузка...' })).toBeInTheDocument();
    await wait(2900);
    expect(api.callsTo(PARTNERS)).toHaveLength(1);
    await wait(100);
    expect(api.callsTo(PARTNERS)).toHaveLength(2);
    expect(screen.getByText('Загрузка...')).toBeInTheDocument();

    reachable = true;
    await wait(3000);
    expect(await screen.findByRole('option', { name: 'Рафт-школа «Порог» · Карелия' })).toBeInTheDocument();
    const calls = api.callsTo(PARTNERS).length;
    await wait(9000);
    expect(api.callsTo(PARTNERS)).toHaveLength(calls);
  });

  it('sends a partner’s request for their own company with the partner username', async () => {
    const user = setupUser();
    const apply = recording(() => jsonResponse('ok'));
    stubApi({ [PARTNERS]: () => jsonResponse([porog]), [APPLY]: apply.route });
    renderWithProviders(<AddCouponPage />, { user: partnerUser });

    expect(await screen.findByLabelText('Партнер')).toHaveValue('1');
    expect(screen.getByLabelText('Стоимость купона, руб')).toHaveAttribute('inputmode', 'numeric');
    await fillAmounts(user, '5 000 руб', '750');
    expect(screen.getByLabelText('Стоимость купона, руб')).toHaveValue('5000');
    await user.click(screen.getByRole('button', { name: 'ДОБАВИТЬ КУПОН' }));

    expect(await screen.findByText('Заявка отправлена')).toBeInTheDocument();
    expect(apply.bodies).toEqual([
      {
        partnerUsername: 'partner_petr',
        companyName: 'Рафт-школа «Порог»',
        partnerId: 1,
        price: 5000,
        discount: 750,
      },
    ]);
    expect(screen.getByLabelText('Стоимость купона, руб')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Список заявок' })).not.toBeInTheDocument();

    await wait(1800);
    expect(screen.getByText('Заявка отправлена')).toBeInTheDocument();
    await wait(200);
    expect(screen.queryByText('Заявка отправлена')).not.toBeInTheDocument();
  });

  it('lets an admin choose any partner, sends the admin username and links to the request list', async () => {
    const user = setupUser();
    const apply = recording(() => jsonResponse('ok'));
    stubApi({ [PARTNERS]: () => jsonResponse(allPartners), [APPLY]: apply.route });
    renderWithProviders(<AddCouponPage />, { user: adminUser });

    const partner = await screen.findByLabelText('Партнер');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Выберите партнера',
      'Алтай-Тур · Алтай',
      'Рафт-школа «Порог» · Карелия',
      'Сплав-Мастер · Адыгея',
    ]);
    await fillAmounts(user, '3000', '450');
    expect(screen.getByRole('button', { name: 'ДОБАВИТЬ КУПОН' })).toBeDisabled();
    await user.selectOptions(partner, '2');
    await user.click(screen.getByRole('button', { name: 'ДОБАВИТЬ КУПОН' }));

    await screen.findByText('Заявка отправлена');
    expect(apply.bodies).toEqual([
      { adminUsername: 'admin_anna', companyName: 'Алтай-Тур', partnerId: 2, price: 3000, discount: 450 },
    ]);
    expect(screen.getByRole('button', { name: 'Список заявок' })).toBeInTheDocument();
  });

  it('says the request failed, with the server’s reason, for 2 s', async () => {
    const user = setupUser();
    stubApi({
      [PARTNERS]: () => jsonResponse([porog]),
      [APPLY]: () =>
        jsonResponse({ error: 'bad_request', message: 'Скидка должна быть меньше стоимости' }, 400),
    });
    renderWithProviders(<AddCouponPage />, { user: partnerUser });
    await screen.findByRole('option', { name: 'Рафт-школа «Порог» · Карелия' });
    await fillAmounts(user, '500', '700');

    await user.click(screen.getByRole('button', { name: 'ДОБАВИТЬ КУПОН' }));

    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('Не удалось отправить заявку');
    expect(failure).toHaveTextContent('Скидка должна быть меньше стоимости');
    expect(screen.getByLabelText('Стоимость купона, руб')).toHaveValue('500');
    await wait(2000);
    expect(screen.queryByText('Не удалось отправить заявку')).not.toBeInTheDocument();
  });
});
