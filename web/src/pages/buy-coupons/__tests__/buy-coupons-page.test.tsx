import { act, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TOffer } from '#contract/coupons';
import type { TListedPartner } from '#contract/partners';
import { useBadPaymentFlag } from '@/features/purchases/bad-payment-flag';
import type { TUserState } from '@/features/session/user-state';
import { type FakeRoute, stubApi } from '@/test/fake-api';
import { jsonResponse, plainUser, renderWithProviders } from '@/test/render';
import { ScreenAt } from '@/test/screens';
import { BuyCouponsPage } from '../buy-coupons-page';

/** An accessible name read with its no-break spaces (thousands, «руб») as plain ones. */
const spaced = (text: string) => (name: string) => name.replace(/\s+/g, ' ') === text;

const openLink = vi.hoisted(() => vi.fn());
const openChatLink = vi.hoisted(() => vi.fn());
// The messenger opens the links (a page outside the app, its own chat); these screens run outside a
// launch, so they draw their own buttons.
vi.mock('@/messenger/links', () => ({ openExternalLink: openLink, openMessengerLink: openChatLink }));

const porog: TListedPartner = {
  id: 1,
  companyName: 'Рафт-школа «Порог»',
  discountConditions: ['Скидка на курс «Рафтинг с нуля»', 'Действует с июня по сентябрь'],
  rating: { average: 4.3, count: 12 },
};
const academy: TListedPartner = {
  id: 5,
  companyName: 'Академия сплава',
  discountConditions: [],
  rating: null,
};
const UNLIMITED = { quantity: null, left: null, perBuyer: null, saleStartsAt: null };
const porogOffers: TOffer[] = [
  {
    id: 21,
    discount: 750,
    price: 150,
    paymentLink: null,
    validUntil: '2027-09-30',
    validDays: null,
    ...UNLIMITED,
  },
  { id: 22, discount: 450, price: 90, paymentLink: null, validUntil: null, validDays: 21, ...UNLIMITED },
  {
    id: 23,
    discount: 300,
    price: 50,
    paymentLink: null,
    validUntil: '2027-09-30',
    validDays: 1,
    ...UNLIMITED,
  },
  { id: 24, discount: 200, price: 30, paymentLink: null, validUntil: null, validDays: null, ...UNLIMITED },
];
const PAYMENT_ID = '0b9a4c1e-7d0f-4a57-9d5e-1f1f1f1f1f1f';
const PAY = 'POST /api/payments/21';

const catalogue: Record<string, FakeRoute> = {
  'GET /api/partners/region': () => jsonResponse(['Карелия', ' ', 'Алтай', 'Адыгея']),
  'GET /api/partners/types/Карелия': () => jsonResponse(['ШКОЛА', 'ПРОКАТ']),
  'GET /api/partners/types/Алтай': () => jsonResponse(['ТУРЫ']),
  'GET /api/partners/filter/Карелия/ШКОЛА': () => jsonResponse([porog, academy]),
  'GET /api/partners/filter/Карелия/ПРОКАТ': () => jsonResponse([]),
  'GET /api/coupons/partner/1': () => jsonResponse(porogOffers),
  'GET /api/coupons/partner/5': () => jsonResponse([]),
};

function renderBuy(user: TUserState = plainUser) {
  return renderWithProviders(<ScreenAt screens={{ '/buy-coupons': <BuyCouponsPage /> }} />, {
    route: '/buy-coupons',
    user,
  });
}

const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const setupUser = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
type User = ReturnType<typeof setupUser>;

const optionsOf = (label: string) =>
  Array.from((screen.getByLabelText(label) as HTMLSelectElement).options, (option) => option.text);

async function showPorogOffers(user: User) {
  await user.selectOptions(await screen.findByLabelText('Регион'), 'Карелия');
  await user.selectOptions(await screen.findByRole('combobox', { name: 'Тип партнера' }), 'ШКОЛА');
  await user.click(screen.getByRole('button', { name: 'ПОКАЗАТЬ ПАРТНЕРОВ' }));
  await user.selectOptions(await screen.findByLabelText('Партнер'), String(porog.id));
  await user.click(screen.getByRole('button', { name: 'ПОКАЗАТЬ СКИДКИ' }));
  await screen.findByRole('button', { name: /СКИДКА ПАРТНЕРА 750руб/ });
}

describe('BuyCouponsPage', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    openLink.mockReset();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('leads from region and type to partners, offers and the payment area', async () => {
    const user = setupUser();
    stubApi(catalogue);
    renderBuy();

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('СГЕНЕРИРОВАТЬ QR');
    await screen.findByLabelText('Регион');
    expect(optionsOf('Регион')).toEqual(['Выберите регион', 'Адыгея', 'Алтай', 'Карелия']);
    expect(screen.getByLabelText('Тип партнера')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'ПОКАЗАТЬ ПАРТНЕРОВ' })).toBeDisabled();

    await user.selectOptions(screen.getByLabelText('Регион'), 'Карелия');
    await vi.waitFor(() => expect(screen.getByLabelText('Тип партнера')).toBeEnabled());
    expect(optionsOf('Тип партнера')).toEqual(['Выберите тип', 'ПРОКАТ', 'ШКОЛА']);
    expect(screen.getByRole('button', { name: 'ПОКАЗАТЬ ПАРТНЕРОВ' })).toBeDisabled();

    await user.selectOptions(screen.getByLabelText('Тип партнера'), 'ШКОЛА');
    await user.click(screen.getByRole('button', { name: 'ПОКАЗАТЬ ПАРТНЕРОВ' }));
    await screen.findByLabelText('Партнер');
    expect(optionsOf('Партнер')).toEqual(['Выберите партнера', 'Академия сплава', 'Рафт-школа «Порог»']);
    expect(screen.getByRole('button', { name: 'ПОКАЗАТЬ СКИДКИ' })).toBeDisabled();

    // A partner with few ratings shows none; one with enough shows their mean and count.
    await user.selectOptions(screen.getByLabelText('Партнер'), '5');
    expect(screen.queryByText(/^Оценка покупателей/)).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Партнер'), '1');
    expect(screen.getByText('Оценка покупателей: 4,3 из 5 (12 оценок)')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'ПОКАЗАТЬ СКИДКИ' }));

    const offer = await screen.findByRole('button', {
      name: spaced(
        'СКИДКА ПАРТНЕРА 750руб Цена:150руб Действует на услуги от 5 000 руб Действует до 30.09.2027',
      ),
    });
    // The buyer sees which services the discount applies to (the 15 % rule) and how long a coupon
    // stays valid before paying for it.
    expect(
      screen.getByRole('button', {
        name: spaced(
          'СКИДКА ПАРТНЕРА 450руб Цена:90руб Действует на услуги от 3 000 руб Действует 21 день после покупки',
        ),
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', {
        name: spaced(
          'СКИДКА ПАРТНЕРА 300руб Цена:50руб Действует на услуги от 2 000 руб Действует 1 день после покупки, но не позже 30.09.2027',
        ),
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', {
        name: spaced('СКИДКА ПАРТНЕРА 200руб Цена:30руб Действует на услуги от 1 334 руб'),
      }),
    ).toBeInTheDocument();
    expect(screen.getByText('* Не более чем 15% от стоимости услуги партнера')).toBeInTheDocument();
    expect(screen.getByText('Скидка на курс «Рафтинг с нуля»')).toBeInTheDocument();
    expect(screen.getByText('Действует с июня по сентябрь')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Условия публичной оферты' })).toHaveAttribute('href', '/offer');
    expect(screen.queryByRole('button', { name: 'ОПЛАТИТЬ И СГЕНЕРИРОВАТЬ QR' })).not.toBeInTheDocument();

    await user.click(offer);
    expect(offer).toHaveAttribute('aria-pressed', 'true');
    // The payment area says what the buyer pays, what they get and where it applies.
    const payment = screen.getByRole('region', { name: 'ОПЛАТИТЬ И СГЕНЕРИРОВАТЬ QR' });
    expect(within(payment).getByText('Вы платите 150 руб — скидка 750 руб у партнера')).toBeInTheDocument();
    expect(within(payment).getByText('Действует на услуги от 5 000 руб')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ОПЛАТИТЬ И СГЕНЕРИРОВАТЬ QR' })).toBeEnabled();
  });

  it('clears every later choice when an earlier one changes', async () => {
    const user = setupUser();
    stubApi(catalogue);
    renderBuy();
    await showPorogOffers(user);
    await user.click(screen.getByRole('button', { name: /СКИДКА ПАРТНЕРА 750руб/ }));

    await user.selectOptions(screen.getByLabelText('Партнер'), '5');
    expect(screen.queryByRole('button', { name: /СКИДКА ПАРТНЕРА/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'ОПЛАТИТЬ И СГЕНЕРИРОВАТЬ QR' })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Партнер'), '1');
    await user.click(screen.getByRole('button', { name: 'ПОКАЗАТЬ СКИДКИ' }));
    await user.click(await screen.findByRole('button', { name: /СКИДКА ПАРТНЕРА 750руб/ }));
    await user.selectOptions(screen.getByLabelText('Тип партнера'), 'ПРОКАТ');
    expect(screen.queryByLabelText('Партнер')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /СКИДКА ПАРТНЕРА/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'ОПЛАТИТЬ И СГЕНЕРИРОВАТЬ QR' })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Регион'), 'Алтай');
    await vi.waitFor(() => expect(optionsOf('Тип партнера')).toEqual(['Выберите тип', 'ТУРЫ']));
    expect(screen.getByLabelText('Тип партнера')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'ПОКАЗАТЬ ПАРТНЕРОВ' })).toBeDisabled();
  });

  it('says when a type has no partners and a partner has no coupons', async () => {
    const user = setupUser();
    stubApi(catalogue);
    renderBuy();
    await user.selectOptions(await screen.findByLabelText('Регион'), 'Карелия');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Тип партнера' }), 'ПРОКАТ');
    await user.click(screen.getByRole('button', { name: 'ПОКАЗАТЬ ПАРТНЕРОВ' }));
    expect(await screen.findByText('ПАРТНЕРОВ ПОКА НЕТ')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Тип партнера'), 'ШКОЛА');
    await user.click(screen.getByRole('button', { name: 'ПОКАЗАТЬ ПАРТНЕРОВ' }));
    await user.selectOptions(await screen.findByLabelText('Партнер'), '5');
    await user.click(screen.getByRole('button', { name: 'ПОКАЗАТЬ СКИДКИ' }));
    expect(await screen.findByText('КУПОНОВ ПОКА НЕТ')).toBeInTheDocument();
  });

  it('keeps trying to reach the server every 5 s, saying so', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let reachable = false;
    const api = stubApi({
      ...catalogue,
      'GET /api/partners/region': () => {
        if (!reachable) throw new TypeError('Failed to fetch');
        return jsonResponse(['Карелия']);
      },
    });
    renderBuy();

    expect(await screen.findByText('Соединяемся с сервером, скоро коннект')).toBeInTheDocument();
    await wait(4900);
    expect(api.callsTo('GET /api/partners/region')).toHaveLength(1);
    reachable = true;
    await wait(100);
    expect(await screen.findByLabelText('Регион')).toBeInTheDocument();
    expect(screen.queryByText('Соединяемся с сервером, скоро коннект')).not.toBeInTheDocument();
  });

  it('pays once: opens the checkout through the messenger and goes to the payment check 2.5 s later', async () => {
    const user = setupUser();
    const api = stubApi({
      ...catalogue,
      [PAY]: () => jsonResponse({ paymentId: PAYMENT_ID, paymentUrl: `/api/payments/sandbox/${PAYMENT_ID}` }),
    });
    renderBuy();
    await showPorogOffers(user);
    await user.click(screen.getByRole('button', { name: /СКИДКА ПАРТНЕРА 750руб/ }));

    const pay = screen.getByRole('button', { name: 'ОПЛАТИТЬ И СГЕНЕРИРОВАТЬ QR' });
    await user.click(pay);
    await user.click(pay);

    expect(
      await screen.findByText('Страница оплаты открыта. После оплаты вернитесь сюда.'),
    ).toBeInTheDocument();
    expect(api.callsTo(PAY)).toHaveLength(1);
    expect(openLink).toHaveBeenCalledExactlyOnceWith(
      `${window.location.origin}/api/payments/sandbox/${PAYMENT_ID}`,
    );
    expect(screen.getByRole('button', { name: 'ОПЛАТИТЬ И СГЕНЕРИРОВАТЬ QR' })).toBeDisabled();

    await wait(2400);
    expect(screen.queryByTestId('where')).not.toBeInTheDocument();
    await wait(100);
    expect(screen.getByTestId('where')).toHaveTextContent(
      `/is-success-pay?couponId=21&customerUsername=user_ivan&paymentId=${PAYMENT_ID}`,
    );
  });

  it('tells a non-member the chat rule on arrival, before a region is chosen, with the chat a tap away', async () => {
    const user = setupUser();
    stubApi({ ...catalogue, 'GET /api/me': () => new Promise<Response>(() => {}) });
    renderBuy({ ...plainUser, isChatMember: false, communityChatLink: 'https://t.me/rafting_chat' });

    const rule = screen.getByRole('region', { name: 'Сплавной чат' });
    expect(rule).toHaveTextContent(
      'Покупать купоны и получать их в подарок могут только участники сплавного чата.',
    );
    expect(screen.queryByLabelText('Регион')).not.toBeInTheDocument();
    await user.click(within(rule).getByRole('button', { name: 'Перейти в сплавной чат' }));
    expect(openChatLink).toHaveBeenCalledWith('https://t.me/rafting_chat');
  });

  it('says nothing of the chat to a member, nor while membership is unknown', () => {
    stubApi({ ...catalogue, 'GET /api/me': () => new Promise<Response>(() => {}) });
    const { unmount } = renderBuy();
    expect(screen.queryByRole('region', { name: 'Сплавной чат' })).not.toBeInTheDocument();
    unmount();
    renderBuy({ ...plainUser, isChatMember: null });
    expect(screen.queryByRole('region', { name: 'Сплавной чат' })).not.toBeInTheDocument();
  });

  it('tells a non-member to join the community chat first and does not start a payment', async () => {
    const user = setupUser();
    const api = stubApi({ ...catalogue, 'GET /api/me': () => new Promise<Response>(() => {}) });
    renderBuy({ ...plainUser, isChatMember: false });
    await showPorogOffers(user);
    await user.click(screen.getByRole('button', { name: /СКИДКА ПАРТНЕРА 750руб/ }));

    await user.click(screen.getByRole('button', { name: 'ОПЛАТИТЬ И СГЕНЕРИРОВАТЬ QR' }));

    expect(screen.getByRole('alert')).toHaveTextContent(
      'Вы не состоите в сплавном чате. Сначала вступите в чат сообщества',
    );
    expect(api.callsTo(PAY)).toHaveLength(0);
    expect(openLink).not.toHaveBeenCalled();
  });

  it('leaves a membership Telegram has not confirmed yet to the server, and says to try again shortly', async () => {
    const user = setupUser();
    const message =
      'Не получилось проверить, что вы в сплавном чате: Telegram просит подождать. Попробуйте через минуту.';
    const api = stubApi({
      ...catalogue,
      'GET /api/me': () => new Promise<Response>(() => {}),
      [PAY]: () => jsonResponse({ error: 'membership_unknown', message }, 503),
    });
    renderBuy({ ...plainUser, isChatMember: null });
    await showPorogOffers(user);
    await user.click(screen.getByRole('button', { name: /СКИДКА ПАРТНЕРА 750руб/ }));

    await user.click(screen.getByRole('button', { name: 'ОПЛАТИТЬ И СГЕНЕРИРОВАТЬ QR' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByText(/Вы не состоите в сплавном чате/)).not.toBeInTheDocument();
    expect(api.callsTo(PAY)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'ОПЛАТИТЬ И СГЕНЕРИРОВАТЬ QR' })).toBeEnabled();
  });

  it('offers a non-member the way into the community chat, inside Telegram', async () => {
    const user = setupUser();
    stubApi({
      ...catalogue,
      'GET /api/me': () =>
        jsonResponse({
          id: 7,
          username: 'user_ivan',
          firstName: 'Иван',
          role: 'user',
          isChatMember: false,
          communityChatLink: 'https://t.me/rafting_chat',
          email: null,
          consentGiven: true,
          receiptEmailRequired: false,
          timeZone: 'Europe/Moscow',
        }),
    });
    renderBuy({ ...plainUser, isChatMember: false });
    await showPorogOffers(user);
    await user.click(screen.getByRole('button', { name: /СКИДКА ПАРТНЕРА 750руб/ }));
    await user.click(screen.getByRole('button', { name: 'ОПЛАТИТЬ И СГЕНЕРИРОВАТЬ QR' }));

    // Beside the refusal, as well as in the chat rule at the top.
    const payment = screen.getByRole('region', { name: 'ОПЛАТИТЬ И СГЕНЕРИРОВАТЬ QR' });
    await user.click(await within(payment).findByRole('button', { name: 'Перейти в сплавной чат' }));
    expect(openChatLink).toHaveBeenCalledWith('https://t.me/rafting_chat');
  });

  it('shows the server’s refusal of a non-member and of a failed start, and lets the buyer try again', async () => {
    const user = setupUser();
    let answer = jsonResponse(
      { error: 'not_chat_member', message: 'Вы не состоите в сплавном чате. Сначала вступите в чат.' },
      403,
    );
    const api = stubApi({
      ...catalogue,
      'GET /api/me': () => new Promise<Response>(() => {}),
      [PAY]: () => answer,
    });
    renderBuy();
    await showPorogOffers(user);
    await user.click(screen.getByRole('button', { name: /СКИДКА ПАРТНЕРА 750руб/ }));

    await user.click(screen.getByRole('button', { name: 'ОПЛАТИТЬ И СГЕНЕРИРОВАТЬ QR' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Сначала вступите в чат.');

    answer = jsonResponse({ error: 'provider_unavailable', message: 'Платежный сервис не отвечает.' }, 502);
    await user.click(screen.getByRole('button', { name: 'ОПЛАТИТЬ И СГЕНЕРИРОВАТЬ QR' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Платежный сервис не отвечает.'),
    );
    expect(api.callsTo(PAY)).toHaveLength(2);
    expect(openLink).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'ОПЛАТИТЬ И СГЕНЕРИРОВАТЬ QR' })).toBeEnabled();
  });

  it('asks to pay again for 2.5 s after a failed payment, then clears the flag', async () => {
    stubApi(catalogue);
    const flag = renderHook(() => useBadPaymentFlag());
    act(() => flag.result.current.setBadPayment('Попробуйте снова провести оплату'));
    renderBuy();

    expect(screen.getByText('Попробуйте снова провести оплату')).toBeInTheDocument();
    await wait(2400);
    expect(screen.getByText('Попробуйте снова провести оплату')).toBeInTheDocument();
    await wait(100);
    expect(screen.queryByText('Попробуйте снова провести оплату')).not.toBeInTheDocument();
    expect(flag.result.current.badPayment).toEqual({ flag: false, text: '' });
  });
});
