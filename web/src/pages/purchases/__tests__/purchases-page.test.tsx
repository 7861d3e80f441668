import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TAdminPurchase, TUnsoldRefund } from '#contract/back-office-purchases';
import { type FakeRoute, stubApi } from '@/test/fake-api';
import { adminUser, jsonResponse, partnerUser, renderWithProviders } from '@/test/render';
import { PurchasesPage } from '../purchases-page';

/**
 * The screen's result that says `words` (spaces of any kind read alike), once told: the confirm's
 * spinner, a status too, may come first.
 */
const spaced = (text: string) => text.replace(/\s+/g, ' ');
const resultSaying = (words: string) =>
  screen.findByText(
    (_, element) =>
      element?.getAttribute('role') === 'status' && spaced(element.textContent ?? '').includes(spaced(words)),
  );
const LIST = 'GET /api/admin/purchases';
const PARTNERS = {
  'GET /api/partners': () =>
    jsonResponse([
      { id: 1, companyName: 'Рафт-школа «Порог»', region: 'Карелия' },
      { id: 2, companyName: 'Прокат «Байдарка»', region: 'Алтай' },
    ]),
};

const purchase = (id: string, extra: Partial<TAdminPurchase> = {}): TAdminPurchase => ({
  id,
  buyer: { id: 7, name: '@demo_member' },
  buyerMessengers: [
    { messenger: 'telegram', username: 'demo_member' },
    { messenger: 'max', username: 'demo_max' },
  ],
  payer: { id: 7, name: '@demo_member' },
  partner: { id: 1, companyName: 'Рафт-школа «Порог»', region: 'Карелия' },
  offerId: 21,
  price: 5000,
  discount: 750,
  status: 'NOT_USED',
  provider: 'yookassa',
  providerPaymentId: '2f1c-yk-77',
  verified: true,
  purchasedAt: '2026-07-01T09:30:00.000Z',
  expiresAt: '2026-09-30',
  redeemedBy: null,
  history: [
    { at: '2026-07-01T09:29:00.000Z', kind: 'payment.started', actor: '@demo_member', details: {} },
    { at: '2026-07-01T09:30:00.000Z', kind: 'payment.succeeded', actor: null, details: {} },
  ],
  actions: { refund: true, markRefunded: false, void: false },
  ...extra,
});
/** What the server allows on a used, refunded or void coupon, or one whose refund is under way. */
const NOTHING_ALLOWED = { refund: false, markRefunded: false, void: false };

const PAID = purchase('3f0c8a52-9a1e-4c55-8f7e-2b1d6c9e0a11');
const BY_LINK = purchase('9b1d2c3e-1111-4c55-8f7e-2b1d6c9e0a22', {
  buyer: { id: 8, name: '@friend_olga' },
  buyerMessengers: [{ messenger: 'telegram', username: 'friend_olga' }],
  payer: { id: 8, name: '@friend_olga' },
  provider: 'link',
  providerPaymentId: null,
  verified: false,
  actions: { refund: false, markRefunded: true, void: true },
});

const page =
  (items: TAdminPurchase[], nextCursor: string | null = null) =>
  () =>
    jsonResponse({ items, nextCursor });

const UNSOLD = 'GET /api/admin/unsold-refunds';

function renderPurchases(routes: Record<string, FakeRoute>) {
  const api = stubApi({ ...PARTNERS, [UNSOLD]: () => jsonResponse([]), ...routes });
  renderWithProviders(<PurchasesPage />, { route: '/purchases', user: adminUser });
  return api;
}

const card = (name: RegExp) => screen.getByRole('article', { name });
const openCard = async (user: ReturnType<typeof userEvent.setup>, name: RegExp) => {
  await user.click(
    within(await screen.findByRole('article', { name })).getByRole('button', { expanded: false }),
  );
  return card(name);
};

describe('PurchasesPage', () => {
  it('tells anyone but an admin that only admins see purchases, without asking the server', () => {
    const api = stubApi({});
    renderWithProviders(<PurchasesPage />, { user: partnerUser });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('ПОКУПКИ');
    expect(screen.getByText('Покупки видят только администраторы')).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('lists purchases and opens one on its payment and history', async () => {
    const user = userEvent.setup();
    renderPurchases({ [LIST]: page([PAID, BY_LINK]) });

    const summary = await screen.findByRole('article', { name: '@demo_member, Рафт-школа «Порог»' });
    expect(summary).toHaveTextContent('Не использован');
    expect(summary).toHaveTextContent('5000 руб · 01.07.2026 12:30 по Москве');
    // The buyer's messengers, each with its own username.
    expect(within(summary).getByText('Telegram @demo_member · MAX @demo_max')).toBeVisible();

    const opened = await openCard(user, /@demo_member/);
    expect(opened).toHaveTextContent('ЮKassa');
    // Bought and held by one person: nobody else to name.
    expect(opened).not.toHaveTextContent('Оплатил');
    expect(opened).toHaveTextContent('2f1c-yk-77');
    expect(opened).toHaveTextContent('Проверенада');
    expect(opened).toHaveTextContent('Действует до30.09.2026');
    const history = within(within(opened).getByRole('region', { name: 'ИСТОРИЯ' })).getAllByRole('listitem');
    expect(history.map((item) => item.textContent)).toEqual([
      'Начата оплата@demo_member · 01.07.2026 12:29 по Москве',
      'Оплата прошласистема · 01.07.2026 12:30 по Москве',
    ]);

    const byLink = await openCard(user, /@friend_olga/);
    expect(byLink).toHaveTextContent('По ссылке');
    expect(byLink).toHaveTextContent('нет (со слов покупателя)');
  });

  it('sends each filter in the query and searches by buyer when asked', async () => {
    const user = userEvent.setup();
    const api = renderPurchases({
      [LIST]: page([PAID]),
      'GET /api/admin/purchases?status=refunded': page([]),
      'GET /api/admin/purchases?status=refunded&partnerId=2': page([]),
      'GET /api/admin/purchases?status=refunded&partnerId=2&from=2026-07-01': page([]),
      'GET /api/admin/purchases?status=refunded&partnerId=2&from=2026-07-01&to=2026-07-31': page([]),
      'GET /api/admin/purchases?status=refunded&partnerId=2&from=2026-07-01&to=2026-07-31&q=olga': page([
        BY_LINK,
      ]),
    });
    await screen.findByRole('article', { name: /@demo_member/ });

    await user.selectOptions(screen.getByLabelText('Статус'), 'Деньги возвращены');
    expect(await screen.findByText('Покупок не найдено')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Партнер'), 'Прокат «Байдарка» · Алтай');
    fireEvent.change(screen.getByLabelText('С'), { target: { value: '2026-07-01' } });
    fireEvent.change(screen.getByLabelText('По'), { target: { value: '2026-07-31' } });
    // A Russian letter in the name is said under the field, and nothing is asked.
    await user.type(screen.getByLabelText('Покупатель'), 'оlga');
    await user.click(screen.getByRole('button', { name: 'Найти' }));
    expect(screen.getByLabelText('Покупатель')).toHaveAccessibleDescription(
      'В имени русская буква «о»: юзернеймы Telegram пишутся латиницей',
    );
    await user.clear(screen.getByLabelText('Покупатель'));
    // A pasted profile link is the name.
    await user.type(screen.getByLabelText('Покупатель'), 'https://t.me/olga');
    // Typing alone asks nothing: the search goes when it is sent.
    expect(api.fetchMock.mock.calls.some(([url]) => String(url).includes('q='))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Найти' }));

    expect(await screen.findByRole('article', { name: /@friend_olga/ })).toBeInTheDocument();
    expect(
      api.callsTo(
        'GET /api/admin/purchases?status=refunded&partnerId=2&from=2026-07-01&to=2026-07-31&q=olga',
      ),
    ).toHaveLength(1);
  });

  it('pages with «Показать еще» using the cursor the server gave', async () => {
    const user = userEvent.setup();
    const older = purchase('0a0a0a0a-2222-4c55-8f7e-2b1d6c9e0a33', { buyer: { id: 9, name: 'Гоша' } });
    renderPurchases({
      [LIST]: page([PAID], 'cursor-1'),
      'GET /api/admin/purchases?cursor=cursor-1': page([older]),
    });
    await screen.findByRole('article', { name: /@demo_member/ });

    await user.click(screen.getByRole('button', { name: 'Показать еще' }));

    expect(await screen.findByRole('article', { name: /Гоша/ })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Показать еще' })).not.toBeInTheDocument();
  });

  it('refunds after a confirmation, sending one request however often the confirm is tapped', async () => {
    const user = userEvent.setup();
    let refunded = false;
    const refunds: unknown[] = [];
    const api = renderPurchases({
      [LIST]: () =>
        jsonResponse({
          items: [refunded ? { ...PAID, status: 'REFUNDED', actions: NOTHING_ALLOWED } : PAID],
          nextCursor: null,
        }),
      [`POST /api/admin/purchases/${PAID.id}/refund`]: () => {
        refunds.push(1);
        refunded = true;
        return jsonResponse({ status: 'REFUNDED' });
      },
    });
    const opened = await openCard(user, /@demo_member/);

    await user.click(within(opened).getByRole('button', { name: 'Вернуть деньги' }));
    expect(
      within(opened).getByRole('group', { name: 'Вернуть 5\u00a0000\u00a0руб покупателю @demo_member?' }),
    ).toHaveTextContent('Купон перестанет действовать.');
    await user.click(within(opened).getByRole('button', { name: 'Нет' }));
    expect(api.callsTo(`POST /api/admin/purchases/${PAID.id}/refund`)).toHaveLength(0);

    await user.click(within(opened).getByRole('button', { name: 'Вернуть деньги' }));
    const confirm = within(opened).getByRole('button', { name: 'Да, вернуть' });
    // Three taps before React re-renders, as a quick double tap on a phone arrives.
    act(() => {
      confirm.click();
      confirm.click();
      confirm.click();
    });

    // The result, told at the top of the screen (the confirm's spinner, a status too, comes first).
    const told = await screen.findByText(
      'Деньги за купон «Рафт-школа «Порог»» со скидкой 750 руб возвращены покупателю @demo_member: 5 000 руб. Купон больше не действует.',
    );
    expect(told).toHaveAttribute('role', 'status');
    expect(refunds).toHaveLength(1);
    expect(await within(card(/@demo_member/)).findByText('Деньги возвращены')).toBeInTheDocument();
    expect(
      within(card(/@demo_member/)).queryByRole('button', { name: 'Вернуть деньги' }),
    ).not.toBeInTheDocument();
  });

  it('under a status filter the refunded card leaves, and the result stays at the top naming it until the admin moves on', async () => {
    const user = userEvent.setup();
    const OTHER = purchase('7a7a7a7a-2222-4c55-8f7e-2b1d6c9e0a33', {
      buyer: { id: 9, name: '@rafter_gosha' },
      payer: { id: 9, name: '@rafter_gosha' },
      partner: { id: 2, companyName: 'Прокат «Байдарка»', region: 'Алтай' },
      discount: 1500,
    });
    let refunded = false;
    renderPurchases({
      [LIST]: page([PAID, OTHER]),
      'GET /api/admin/purchases?status=unused': () =>
        jsonResponse({ items: refunded ? [OTHER] : [PAID, OTHER], nextCursor: null }),
      'GET /api/admin/purchases?status=used': page([]),
      [`POST /api/admin/purchases/${PAID.id}/refund`]: () => {
        refunded = true;
        return jsonResponse({ status: 'REFUNDED' });
      },
    });
    await screen.findByRole('article', { name: /@demo_member/ });
    await user.selectOptions(screen.getByLabelText('Статус'), 'Оплачен, не использован');
    const opened = await openCard(user, /@demo_member/);
    await user.click(within(opened).getByRole('button', { name: 'Вернуть деньги' }));
    await user.click(within(opened).getByRole('button', { name: 'Да, вернуть' }));

    const result = await resultSaying(
      'Деньги за купон «Рафт-школа «Порог»» со скидкой 750 руб возвращены покупателю @demo_member: 5 000 руб.',
    );
    // The card left with the reload; the result stays, above the filters and the list.
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: /@demo_member/ })).not.toBeInTheDocument(),
    );
    expect(result).toBeInTheDocument();
    const rest = screen.getByRole('article', { name: /@rafter_gosha/ });
    expect(
      result.compareDocumentPosition(screen.getByLabelText('Статус')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(result.compareDocumentPosition(rest) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    // Another purchase's refund begun, or another search, is moving on: the result goes.
    await user.click(within(rest).getByRole('button', { expanded: false }));
    await user.click(within(rest).getByRole('button', { name: 'Вернуть деньги' }));
    expect(result).not.toBeInTheDocument();
  });

  it('a new search clears the last result', async () => {
    const user = userEvent.setup();
    renderPurchases({
      [LIST]: page([PAID]),
      'GET /api/admin/purchases?status=used': page([]),
      [`POST /api/admin/purchases/${PAID.id}/refund`]: () => jsonResponse({ status: 'REFUNDED' }),
    });
    const opened = await openCard(user, /@demo_member/);
    await user.click(within(opened).getByRole('button', { name: 'Вернуть деньги' }));
    await user.click(within(opened).getByRole('button', { name: 'Да, вернуть' }));
    const result = await resultSaying('Деньги за купон «Рафт-школа «Порог»»');

    await user.selectOptions(screen.getByLabelText('Статус'), 'Использован');
    expect(result).not.toBeInTheDocument();
  });

  it('asks about giving the money back to whoever paid for a coupon given away, under the card of its holder', async () => {
    const user = userEvent.setup();
    const gifted = { ...PAID, buyer: { id: 8, name: '@friend_olga' } };
    renderPurchases({ [LIST]: page([gifted]) });
    const opened = await openCard(user, /@friend_olga/);
    expect(opened).toHaveTextContent('Оплатил@demo_member');

    await user.click(within(opened).getByRole('button', { name: 'Вернуть деньги' }));

    expect(
      within(opened).getByRole('group', { name: 'Вернуть 5\u00a0000\u00a0руб покупателю @demo_member?' }),
    ).toBeVisible();
  });

  it('says a refund is on its way when the payment service has not finished it', async () => {
    const user = userEvent.setup();
    renderPurchases({
      [LIST]: page([PAID]),
      [`POST /api/admin/purchases/${PAID.id}/refund`]: () => jsonResponse({ status: 'REFUND_PENDING' }),
    });
    const opened = await openCard(user, /@demo_member/);
    await user.click(within(opened).getByRole('button', { name: 'Вернуть деньги' }));
    await user.click(within(opened).getByRole('button', { name: 'Да, вернуть' }));

    expect(
      await resultSaying(
        'Возврат 5 000 руб покупателю @demo_member за купон «Рафт-школа «Порог»» со скидкой 750 руб запрошен: платежный сервис вернет деньги, купон уже не действует.',
      ),
    ).toBeInTheDocument();
  });

  it('shows the server’s refusal of a refund in Russian', async () => {
    const user = userEvent.setup();
    const used = 'Купон уже погашен: партнер дал скидку, вернуть деньги за него нельзя';
    renderPurchases({
      [LIST]: page([PAID]),
      [`POST /api/admin/purchases/${PAID.id}/refund`]: () =>
        jsonResponse({ error: 'already_used', message: used }, 409),
    });
    const opened = await openCard(user, /@demo_member/);
    await user.click(within(opened).getByRole('button', { name: 'Вернуть деньги' }));
    await user.click(within(opened).getByRole('button', { name: 'Да, вернуть' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Деньги за купон «Рафт-школа «Порог»» со скидкой 750 руб покупателю @demo_member не возвращены',
    );
    expect(alert).toHaveTextContent(used);
  });

  it('voids only a coupon paid by link, after a confirmation', async () => {
    const user = userEvent.setup();
    const api = renderPurchases({
      [LIST]: page([PAID, BY_LINK]),
      [`POST /api/admin/purchases/${BY_LINK.id}/void`]: () => jsonResponse({ status: 'VOID' }),
    });
    const paid = await openCard(user, /@demo_member/);
    expect(within(paid).queryByRole('button', { name: 'Аннулировать' })).not.toBeInTheDocument();

    const byLink = await openCard(user, /@friend_olga/);
    await user.click(within(byLink).getByRole('button', { name: 'Аннулировать' }));
    expect(byLink).toHaveTextContent('Аннулировать купон @friend_olga?');
    await user.click(within(byLink).getByRole('button', { name: 'Да, аннулировать' }));

    expect(
      await resultSaying(
        'Купон «Рафт-школа «Порог»» со скидкой 750 руб покупателя @friend_olga аннулирован.',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo(`POST /api/admin/purchases/${BY_LINK.id}/void`)).toHaveLength(1);
  });

  it('notes a refund made outside the app for a coupon paid by link', async () => {
    const user = userEvent.setup();
    const api = renderPurchases({
      [LIST]: page([BY_LINK]),
      [`POST /api/admin/purchases/${BY_LINK.id}/refund`]: () => jsonResponse({ status: 'REFUNDED' }),
    });
    const byLink = await openCard(user, /@friend_olga/);
    expect(within(byLink).queryByRole('button', { name: 'Вернуть деньги' })).not.toBeInTheDocument();

    await user.click(within(byLink).getByRole('button', { name: 'Отметить возврат' }));
    expect(byLink).toHaveTextContent(
      'Отметить, что 5 000 руб вернули покупателю @friend_olga вне приложения',
    );
    await user.click(within(byLink).getByRole('button', { name: 'Да, отметить' }));

    expect(
      await resultSaying(
        'Возврат 5 000 руб покупателю @friend_olga за купон «Рафт-школа «Порог»» со скидкой 750 руб отмечен. Купон больше не действует.',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo(`POST /api/admin/purchases/${BY_LINK.id}/refund`)).toHaveLength(1);
  });

  it('a link purchase whose buyer asked for their money back waits for the admin to note the refund', async () => {
    const user = userEvent.setup();
    const api = renderPurchases({
      [LIST]: page([
        { ...BY_LINK, status: 'REFUND_PENDING', actions: { ...NOTHING_ALLOWED, markRefunded: true } },
      ]),
      [`POST /api/admin/purchases/${BY_LINK.id}/refund`]: () => jsonResponse({ status: 'REFUNDED' }),
    });
    const asked = await openCard(user, /@friend_olga/);
    expect(within(asked).queryByRole('button', { name: 'Аннулировать' })).not.toBeInTheDocument();

    await user.click(within(asked).getByRole('button', { name: 'Отметить возврат' }));
    await user.click(within(asked).getByRole('button', { name: 'Да, отметить' }));

    expect(
      await resultSaying(
        'Возврат 5 000 руб покупателю @friend_olga за купон «Рафт-школа «Порог»» со скидкой 750 руб отмечен.',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo(`POST /api/admin/purchases/${BY_LINK.id}/refund`)).toHaveLength(1);
  });

  it('offers no refund for a used coupon', async () => {
    const user = userEvent.setup();
    renderPurchases({
      [LIST]: page([{ ...PAID, status: 'USED', redeemedBy: '@demo_partner', actions: NOTHING_ALLOWED }]),
    });
    const opened = await openCard(user, /@demo_member/);
    expect(opened).toHaveTextContent('Погасил@demo_partner');
    expect(within(opened).queryByRole('button', { name: 'Вернуть деньги' })).not.toBeInTheDocument();
  });

  it('shows a purchase whose refund is on its way as such, with nothing more to press', async () => {
    const user = userEvent.setup();
    renderPurchases({ [LIST]: page([{ ...PAID, status: 'REFUND_PENDING', actions: NOTHING_ALLOWED }]) });
    const opened = await openCard(user, /@demo_member/);
    expect(opened).toHaveTextContent('Идет возврат денег');
    expect(within(opened).queryByRole('button', { name: 'Вернуть деньги' })).not.toBeInTheDocument();
  });

  it('offers only what the server allows on the purchase, whatever its state reads', async () => {
    const user = userEvent.setup();
    // Paid by link, unused, yet the server allows only noting a refund: no «Аннулировать».
    renderPurchases({
      [LIST]: page([PAID, { ...BY_LINK, actions: { ...NOTHING_ALLOWED, markRefunded: true } }]),
    });
    const byLink = await openCard(user, /@friend_olga/);
    expect(within(byLink).getByRole('button', { name: 'Отметить возврат' })).toBeVisible();
    expect(within(byLink).queryByRole('button', { name: 'Аннулировать' })).not.toBeInTheDocument();
  });

  it('lists money owed without a coupon above the purchases and marks it returned, once however often tapped', async () => {
    const user = userEvent.setup();
    const owed: TUnsoldRefund = {
      id: '5e0c8a52-9a1e-4c55-8f7e-2b1d6c9e0a44',
      paymentId: '6f0c8a52-9a1e-4c55-8f7e-2b1d6c9e0a55',
      buyer: { id: 9, name: '@late_anna' },
      partner: { id: 1, companyName: 'Рафт-школа «Порог»', region: 'Карелия' },
      offerId: 21,
      discount: 750,
      amount: 5000,
      provider: 'telegram',
      providerPaymentId: '2f1c-yk-99',
      at: '2026-07-01T09:30:00.000Z',
    };
    let settled = false;
    const api = renderPurchases({
      [LIST]: page([PAID]),
      [UNSOLD]: () => jsonResponse(settled ? [] : [owed]),
      [`POST /api/admin/unsold-refunds/${owed.id}/settle`]: () => {
        settled = true;
        return jsonResponse({ status: 'REFUNDED' });
      },
    });

    const section = (await screen.findByRole('heading', { name: 'ВЕРНУТЬ ДЕНЬГИ БЕЗ КУПОНА' })).closest(
      'section',
    ) as HTMLElement;
    const item = within(section).getByRole('listitem', { name: '@late_anna, Рафт-школа «Порог»' });
    expect(item).toBeVisible();
    expect(item).toHaveTextContent('Вернуть 5000 руб');
    expect(item).toHaveTextContent('Оплата' + 'Telegram (ЮKassa)');
    expect(item).toHaveTextContent('ID платежа' + '2f1c-yk-99');
    expect(item).toHaveTextContent('Оплачено' + '01.07.2026 12:30 по Москве');

    await user.click(within(item).getByRole('button', { name: 'Отметить возврат' }));
    expect(
      within(item).getByRole('group', { name: 'Отметить, что 5000 руб вернули покупателю @late_anna?' }),
    ).toHaveTextContent('Бот напишет покупателю, что деньги вернули.');
    const confirm = within(item).getByRole('button', { name: 'Да, отметить' });
    act(() => {
      confirm.click();
      confirm.click();
    });

    expect(await within(section).findByText('Возврат 5000 руб покупателю @late_anna отмечен')).toBeVisible();
    expect(within(section).queryByRole('listitem')).not.toBeInTheDocument();
    expect(api.callsTo(`POST /api/admin/unsold-refunds/${owed.id}/settle`)).toHaveLength(1);
  });

  it('shows no such section while nothing is owed', async () => {
    renderPurchases({ [LIST]: page([PAID]) });
    await screen.findByRole('article', { name: /@demo_member/ });
    expect(screen.queryByRole('heading', { name: 'ВЕРНУТЬ ДЕНЬГИ БЕЗ КУПОНА' })).not.toBeInTheDocument();
  });
});
