import { act, fireEvent, screen } from '@testing-library/react';
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
  await user.type(screen.getByLabelText('Цена купона, руб'), price);
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

  it('says Загрузка… while the partner list cannot be loaded and asks again every 3 s', async () => {
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
    expect(screen.getByRole('option', { name: 'Загрузка…' })).toBeInTheDocument();
    await wait(2900);
    expect(api.callsTo(PARTNERS)).toHaveLength(1);
    await wait(100);
    expect(api.callsTo(PARTNERS)).toHaveLength(2);
    expect(screen.getByText('Загрузка…')).toBeInTheDocument();

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
    expect(screen.getByLabelText('Цена купона, руб')).toHaveAttribute('inputmode', 'numeric');
    // Thousands kept apart by a space, as people paste them.
    await fillAmounts(user, '150', '1 000');
    expect(screen.getByLabelText('Скидка, руб')).toHaveValue('1 000');
    // What the coupon means to a buyer shows as the partner types.
    expect(screen.getByText('Покупатель платит 150 руб — скидка 1 000 руб у партнера.')).toBeInTheDocument();
    expect(screen.getByText('По правилу 15% скидка действует на услуги от 6 667 руб.')).toBeInTheDocument();
    // A drop: 20 coupons, 2 to one person, on sale from Saturday 10:00 in Moscow.
    await user.type(screen.getByLabelText('Сколько купонов всего'), '20');
    await user.type(screen.getByLabelText('В одни руки, не больше'), '0');
    expect(screen.getByLabelText('В одни руки, не больше')).toHaveAccessibleDescription(/от 1 до 100/);
    expect(screen.getByRole('button', { name: 'ДОБАВИТЬ КУПОН' })).toBeDisabled();
    await user.clear(screen.getByLabelText('В одни руки, не больше'));
    await user.type(screen.getByLabelText('В одни руки, не больше'), '2');
    fireEvent.change(screen.getByLabelText('Начало продажи, по Москве'), {
      target: { value: '2026-11-29T10:00' },
    });
    await user.click(screen.getByRole('button', { name: 'ДОБАВИТЬ КУПОН' }));

    expect(await screen.findByText('Заявка отправлена')).toBeInTheDocument();
    expect(apply.bodies).toEqual([
      {
        partnerUsername: 'partner_petr',
        companyName: 'Рафт-школа «Порог»',
        partnerId: 1,
        price: 150,
        discount: 1000,
        quantity: 20,
        perBuyer: 2,
        saleStartsAt: '2026-11-29T07:00:00.000Z',
      },
    ]);
    expect(screen.getByLabelText('Сколько купонов всего')).toHaveValue('');
    expect(screen.getByLabelText('Цена купона, руб')).toHaveValue('');
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
    await fillAmounts(user, '90', '450');
    expect(screen.getByRole('button', { name: 'ДОБАВИТЬ КУПОН' })).toBeDisabled();
    await user.selectOptions(partner, '2');
    await user.click(screen.getByRole('button', { name: 'ДОБАВИТЬ КУПОН' }));

    await screen.findByText('Заявка отправлена');
    expect(apply.bodies).toEqual([
      {
        adminUsername: 'admin_anna',
        companyName: 'Алтай-Тур',
        partnerId: 2,
        price: 90,
        discount: 450,
        quantity: null,
        perBuyer: null,
        saleStartsAt: null,
      },
    ]);
    expect(screen.getByRole('button', { name: 'Список заявок' })).toBeInTheDocument();
  });

  it('says the request failed, with the server’s reason, for 2 s', async () => {
    const user = setupUser();
    stubApi({
      [PARTNERS]: () => jsonResponse([porog]),
      [APPLY]: () =>
        jsonResponse(
          { error: 'too_many_requests', message: 'Слишком много заявок: попробуйте через час' },
          429,
        ),
    });
    renderWithProviders(<AddCouponPage />, { user: partnerUser });
    await screen.findByRole('option', { name: 'Рафт-школа «Порог» · Карелия' });
    await fillAmounts(user, '50', '700');

    await user.click(screen.getByRole('button', { name: 'ДОБАВИТЬ КУПОН' }));

    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('Не удалось отправить заявку');
    expect(failure).toHaveTextContent('Слишком много заявок: попробуйте через час');
    expect(screen.getByLabelText('Цена купона, руб')).toHaveValue('50');
    await wait(2000);
    expect(screen.queryByText('Не удалось отправить заявку')).not.toBeInTheDocument();
  });

  it.each([
    ['Сколько купонов всего', '10.5', 'Количество: целое число от 1 до 100\u00a0000'],
    ['Сколько купонов всего', '-5', 'Количество: целое число от 1 до 100\u00a0000'],
    ['В одни руки, не больше', '2,5', 'В одни руки: целое число от 1 до 100'],
  ])(
    'refuses «%s» typed as %j at its field, kept as typed, and sends nothing',
    async (field, typed, reason) => {
      const user = setupUser();
      const apply = recording(() => jsonResponse('ok'));
      stubApi({ [PARTNERS]: () => jsonResponse([porog]), [APPLY]: apply.route });
      renderWithProviders(<AddCouponPage />, { user: partnerUser });
      await screen.findByRole('option', { name: 'Рафт-школа «Порог» · Карелия' });
      await fillAmounts(user, '150', '1000');
      await user.type(screen.getByLabelText(field), typed);

      expect(screen.getByLabelText(field)).toHaveValue(typed);
      expect(screen.getByLabelText(field)).toHaveAccessibleDescription(expect.stringContaining(reason));
      const submit = screen.getByRole('button', { name: 'ДОБАВИТЬ КУПОН' });
      expect(submit).toBeDisabled();
      await user.click(submit);
      expect(apply.bodies).toEqual([]);
    },
  );

  it.each([
    [
      '1000',
      '500',
      'Цена купона, руб',
      'Цена должна быть меньше скидки: купон стоит покупателю меньше, чем он экономит.',
    ],
    [
      '300',
      '300',
      'Цена купона, руб',
      'Цена должна быть меньше скидки: купон стоит покупателю меньше, чем он экономит.',
    ],
    ['0', '300', 'Цена купона, руб', 'Цена: целое число рублей больше нуля.'],
    ['100', '100001', 'Скидка, руб', 'Скидка не может быть больше 100\u00a0000\u00a0руб.'],
    // Kept as typed and refused, never cut to digits: 9 990, 105 and 5 руб are what nobody typed.
    ['99,90', '1000', 'Цена купона, руб', 'Цена: целое число рублей больше нуля.'],
    ['10.5', '1000', 'Цена купона, руб', 'Цена: целое число рублей больше нуля.'],
    ['-5', '1000', 'Цена купона, руб', 'Цена: целое число рублей больше нуля.'],
    ['100', 'abc', 'Скидка, руб', 'Скидка: целое число рублей больше нуля.'],
    ['100', '1 000,50', 'Скидка, руб', 'Скидка: целое число рублей больше нуля.'],
  ])(
    'with price %s and discount %s, says why beside «%s» and sends nothing',
    async (price, discount, field, reason) => {
      const user = setupUser();
      const apply = recording(() => jsonResponse('ok'));
      stubApi({ [PARTNERS]: () => jsonResponse([porog]), [APPLY]: apply.route });
      renderWithProviders(<AddCouponPage />, { user: partnerUser });
      await screen.findByRole('option', { name: 'Рафт-школа «Порог» · Карелия' });
      await fillAmounts(user, price, discount);

      expect(screen.getByLabelText(field)).toHaveValue(field.startsWith('Цена') ? price : discount);
      expect(screen.getByLabelText(field)).toHaveAccessibleDescription(expect.stringContaining(reason));
      expect(screen.getByLabelText(field)).toBeInvalid();
      expect(screen.queryByText(/Покупатель платит/)).not.toBeInTheDocument();
      const submit = screen.getByRole('button', { name: 'ДОБАВИТЬ КУПОН' });
      expect(submit).toBeDisabled();
      await user.click(submit);
      expect(apply.bodies).toEqual([]);
    },
  );
});
