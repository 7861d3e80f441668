import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TMeResponse } from '#contract/session';
import type { TUserState } from '@/features/session/user-state';
import { type FakeRoute, stubApi } from '@/test/fake-api';
import { jsonResponse, plainUser, renderWithProviders } from '@/test/render';
import { ScreenAt } from '@/test/screens';
import { BuyCouponsPage } from '../buy-coupons-page';

const openLink = vi.hoisted(() => vi.fn());
// The messenger opens the payment page; these screens run outside a launch, so they draw their own buttons.
vi.mock('@/messenger/links', () => ({ openExternalLink: openLink }));

const PAYMENT_ID = '0b9a4c1e-7d0f-4a57-9d5e-1f1f1f1f1f1f';
const PAY = 'POST /api/payments/21';
const CONSENT = 'POST /api/me/consent';
const PAY_BUTTON = 'ОПЛАТИТЬ И СГЕНЕРИРОВАТЬ QR';
const CONSENT_BOX = 'Согласен(на) на обработку персональных данных';
const EMAIL_FIELD = 'E-mail для чека';
/** The buy screen with the demo offer already chosen (the choices live in the address). */
const OFFER_CHOSEN = '/buy-coupons?region=Карелия&type=ШКОЛА&partners=1&partner=1&offers=1&offer=21';

const me = (state: Partial<TMeResponse>): TMeResponse => ({
  id: 7,
  firstName: 'Иван',
  ...plainUser,
  ...state,
});

const catalogue: Record<string, FakeRoute> = {
  'GET /api/partners/region': () => jsonResponse(['Карелия']),
  'GET /api/partners/types/Карелия': () => jsonResponse(['ШКОЛА']),
  'GET /api/partners/filter/Карелия/ШКОЛА': () =>
    jsonResponse([{ id: 1, companyName: 'Рафт-школа «Порог»', discountConditions: [], rating: null }]),
  'GET /api/coupons/partner/1': () =>
    jsonResponse([
      {
        id: 21,
        discount: 750,
        price: 150,
        paymentLink: null,
        validUntil: null,
        validDays: null,
        quantity: null,
        left: null,
        perBuyer: null,
        saleStartsAt: null,
      },
    ]),
  [PAY]: () => jsonResponse({ paymentId: PAYMENT_ID, paymentUrl: `/api/payments/sandbox/${PAYMENT_ID}` }),
};

function renderBuy(user: TUserState, routes: Record<string, FakeRoute>) {
  const api = stubApi({ ...catalogue, ...routes });
  renderWithProviders(
    <ScreenAt screens={{ '/buy-coupons': <BuyCouponsPage /> }} otherwise={<p>другой экран</p>} />,
    { route: OFFER_CHOSEN, user },
  );
  return api;
}

/** The bodies the app sent to `key`, parsed (undefined for a request without one). */
const bodiesSentTo = (api: ReturnType<typeof stubApi>, key: string) =>
  api.fetchMock.mock.calls
    .filter(([input, init]) => `${init?.method ?? 'GET'} ${decodeURIComponent(String(input))}` === key)
    .map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : undefined));

/** The order the app called the server in, without the catalogue's reads. */
const posts = (api: ReturnType<typeof stubApi>) =>
  api.fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([input]) => `POST ${decodeURIComponent(String(input))}`);

const payButton = () => screen.findByRole('button', { name: PAY_BUTTON });
const paymentOpened = () => screen.findByText('Страница оплаты открыта. После оплаты вернитесь сюда.');

describe('the buy screen before a first payment', () => {
  beforeEach(() => {
    openLink.mockReset();
  });

  it('asks for consent with an unticked box linking the policy, and pays only once it is ticked', async () => {
    const user = userEvent.setup();
    let consented = false;
    const api = renderBuy(
      { ...plainUser, consentGiven: false },
      {
        [CONSENT]: () => {
          consented = true;
          return new Response(null, { status: 204 });
        },
        'GET /api/me': () => jsonResponse(me({ consentGiven: consented })),
      },
    );

    await payButton();
    const box = screen.getByRole('checkbox', { name: CONSENT_BOX });
    expect(box).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Политика обработки персональных данных' })).toHaveAttribute(
      'href',
      '/privacy',
    );

    await user.click(await payButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Отметьте согласие — без него покупка невозможна');
    expect(posts(api)).toEqual([]);

    await user.click(box);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(await payButton());

    await paymentOpened();
    expect(posts(api)).toEqual([CONSENT, PAY]);
    expect(bodiesSentTo(api, PAY)).toEqual([undefined]);
    expect(openLink).toHaveBeenCalledOnce();
    // The consent is the server's now: the box goes, and /api/me is asked again.
    await vi.waitFor(() => expect(screen.queryByRole('checkbox')).not.toBeInTheDocument());
    expect(api.callsTo('GET /api/me').length).toBeGreaterThan(0);
  });

  it('asks nothing of a buyer who consented before and whose e-mail is known', async () => {
    const user = userEvent.setup();
    const known = { ...plainUser, consentGiven: true, receiptEmailRequired: true, email: 'ivan@example.ru' };
    const api = renderBuy(known, { 'GET /api/me': () => jsonResponse(me(known)) });

    await user.click(await payButton());

    await paymentOpened();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: EMAIL_FIELD })).not.toBeInTheDocument();
    expect(screen.getByText(/Чек придет на/)).toHaveTextContent('Чек придет на ivan@example.ru');
    expect(posts(api)).toEqual([PAY]);
    expect(bodiesSentTo(api, PAY)).toEqual([undefined]);
  });

  it('with receipts on, requires a well-formed e-mail and sends it with the payment', async () => {
    const user = userEvent.setup();
    const api = renderBuy(
      { ...plainUser, receiptEmailRequired: true, email: null },
      { 'GET /api/me': () => jsonResponse(me({ receiptEmailRequired: true, email: 'ivan@example.ru' })) },
    );
    const field = await screen.findByRole('textbox', { name: EMAIL_FIELD });
    expect(field).toHaveValue('');

    await user.click(await payButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Укажите e-mail для чека');
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await user.type(field, 'ivan@example');
    await user.click(await payButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Неправильный формат e-mail');
    expect(posts(api)).toEqual([]);

    await user.type(field, '.ru ');
    await user.click(await payButton());

    await paymentOpened();
    expect(bodiesSentTo(api, PAY)).toEqual([{ email: 'ivan@example.ru' }]);
    // Remembered: the next purchase says where the receipt goes instead of asking again.
    expect(screen.queryByRole('textbox', { name: EMAIL_FIELD })).not.toBeInTheDocument();
    expect(screen.getByText(/Чек придет на/)).toHaveTextContent('ivan@example.ru');
  });

  it('lets the buyer change the remembered e-mail', async () => {
    const user = userEvent.setup();
    const known = { ...plainUser, receiptEmailRequired: true, email: 'ivan@example.ru' };
    const api = renderBuy(known, { 'GET /api/me': () => jsonResponse(me(known)) });

    await user.click(await screen.findByRole('button', { name: 'Изменить' }));
    const field = screen.getByRole('textbox', { name: EMAIL_FIELD });
    expect(field).toHaveValue('ivan@example.ru');
    await user.clear(field);
    await user.type(field, 'ivan.new@example.ru');
    await user.click(await payButton());

    await paymentOpened();
    expect(bodiesSentTo(api, PAY)).toEqual([{ email: 'ivan.new@example.ru' }]);
  });

  it('shows the server’s email_required message at the e-mail field, then pays with the e-mail', async () => {
    const user = userEvent.setup();
    const message = 'Укажите e-mail для чека: по закону мы отправляем чек об оплате на почту';
    let answer = jsonResponse({ error: 'email_required', message, field: 'email' }, 400);
    const api = renderBuy(plainUser, {
      'GET /api/me': () => new Promise<Response>(() => {}),
      [PAY]: () => answer,
    });

    await user.click(await payButton());

    const field = await screen.findByRole('textbox', { name: EMAIL_FIELD });
    expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(openLink).not.toHaveBeenCalled();

    answer = jsonResponse({ paymentId: PAYMENT_ID, paymentUrl: `/api/payments/sandbox/${PAYMENT_ID}` });
    await user.type(field, 'ivan@example.ru');
    await user.click(await payButton());

    await paymentOpened();
    expect(bodiesSentTo(api, PAY)).toEqual([undefined, { email: 'ivan@example.ru' }]);
  });

  it('shows the consent step when the server refuses for want of consent', async () => {
    const user = userEvent.setup();
    const message = 'Сначала дайте согласие на обработку персональных данных: без него покупка невозможна';
    let consented = false;
    const api = renderBuy(plainUser, {
      'GET /api/me': () => new Promise<Response>(() => {}),
      [CONSENT]: () => {
        consented = true;
        return new Response(null, { status: 204 });
      },
      [PAY]: () =>
        consented
          ? jsonResponse({ paymentId: PAYMENT_ID, paymentUrl: `/api/payments/sandbox/${PAYMENT_ID}` })
          : jsonResponse({ error: 'consent_required', message }, 403),
    });

    await user.click(await payButton());

    const box = await screen.findByRole('checkbox', { name: CONSENT_BOX });
    expect(box).not.toBeChecked();
    expect(screen.getByRole('alert')).toHaveTextContent(message);

    await user.click(box);
    await user.click(await payButton());

    await paymentOpened();
    expect(posts(api)).toEqual([PAY, CONSENT, PAY]);
    expect(within(screen.getByRole('region', { name: PAY_BUTTON })).queryByRole('alert')).toBeNull();
  });
});
