import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TMyData } from '#contract/privacy';
import type { TMeResponse } from '#contract/session';
import { useUser } from '@/features/session/api/get-me';
import { readStoredUser, storeUser } from '@/features/session/user-state';
import { type FakeRoute, stubApi } from '@/test/fake-api';
import { jsonResponse, plainUser, renderWithProviders } from '@/test/render';
import { MyDataPage } from '../my-data-page';

const download = vi.hoisted(() => ({
  canDownloadFiles: vi.fn(() => true),
  downloadFileFrom: vi.fn(() => Promise.resolve()),
}));
vi.mock('@/messenger/download', () => download);
// Ivan's Telegram account, which the QR list saved on the device belongs to.
vi.mock('@/messenger/launch-params', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/messenger/launch-params')>()),
  launchUser: () => ({ id: 7, username: 'user_ivan' }),
}));

const ERASE = 'DELETE /api/me';
const ERASE_BUTTON = 'Удалить мои данные';
const CONFIRM_BUTTON = 'УДАЛИТЬ НАВСЕГДА';
const GIVE_UP = 'Отказываюсь от этих купонов';

const ivan: TMeResponse = {
  id: 7,
  firstName: 'Иван',
  ...plainUser,
  email: 'ivan@example.ru',
  consentGiven: true,
};

const held: TMyData = {
  user: {
    id: 7,
    username: 'user_ivan',
    firstName: 'Иван',
    lastName: 'Петров',
    email: 'ivan@example.ru',
    consent: { at: '2026-11-23T09:00:00.000Z', edition: '2026-11-23' },
    isChatMember: true,
    couponReminders: true,
    cameThroughInvite: false,
    inviteCode: 'Ab3dEf9h',
    qrPhotosInChat: true,
    partnerOffersSince: null,
    createdAt: '2026-06-01T09:00:00.000Z',
    lastSeenAt: '2026-11-23T09:00:00.000Z',
  },
  payments: [
    {
      id: 'p-1',
      companyName: 'Рафт-школа «Порог»',
      amount: 5000,
      provider: 'yookassa',
      status: 'SUCCEEDED',
      createdAt: '2026-11-20T09:00:00.000Z',
    },
  ],
  coupons: [
    {
      id: 'c-unused',
      companyName: 'Рафт-школа «Порог»',
      discount: 750,
      status: 'NOT_USED',
      purchasedAt: '2026-11-20T09:00:00.000Z',
      redeemedAt: null,
    },
    {
      id: 'c-used',
      companyName: 'Прокат «Байдарка»',
      discount: 300,
      status: 'USED',
      purchasedAt: '2026-07-01T09:00:00.000Z',
      redeemedAt: '2026-07-05T09:00:00.000Z',
    },
    {
      id: 'c-held',
      companyName: 'Клуб «Шивера»',
      discount: 500,
      status: 'HELD',
      purchasedAt: '2026-06-01T09:00:00.000Z',
      redeemedAt: null,
    },
  ],
  gifts: [{ at: '2026-08-01T09:00:00.000Z', purchasedCouponId: 'c-gift', direction: 'sent' }],
  redeemAttempts: [],
  geoPoints: [
    { ts: '2026-09-02T09:00:00.000Z', lat: 61.1, lon: 33.2, accuracy: 10, type: 'END' },
    { ts: '2026-09-01T09:00:00.000Z', lat: 61.0, lon: 33.0, accuracy: 12, type: 'START' },
  ],
  visitRatings: [
    {
      at: '2026-08-03T09:00:00.000Z',
      companyName: 'Рафт-школа «Порог»',
      stars: 5,
      comment: 'Все понравилось.',
    },
  ],
  appOpenDays: ['2026-09-02', '2026-08-03', '2026-06-15'],
  waitlistPlaces: [
    {
      companyName: 'Клуб «Шивера»',
      discount: 500,
      position: 3,
      joinedAt: '2026-11-22T07:00:00.000Z',
      heldUntil: null,
    },
    {
      companyName: 'Прокат «Байдарка»',
      discount: 300,
      position: null,
      joinedAt: '2026-11-21T07:00:00.000Z',
      heldUntil: '2026-11-23T10:00:00.000Z',
    },
  ],
  offerHolds: [
    {
      paymentId: 'p-2',
      companyName: 'Рафт-школа «Порог»',
      discount: 750,
      heldAt: '2026-11-23T08:50:00.000Z',
      heldUntil: '2026-11-23T09:05:00.000Z',
    },
  ],
};

/** The user as the rest of the app sees it, to show the session starts afresh. */
function WhoAmI() {
  const user = useUser();
  return <p>{user ? `согласие: ${user.consentGiven ? 'да' : 'нет'}` : 'пользователь неизвестен'}</p>;
}

function renderMyData(routes: Record<string, FakeRoute> = {}) {
  const api = stubApi({
    'GET /api/me/data': () => jsonResponse(held),
    'GET /api/me': () => jsonResponse(ivan),
    ...routes,
  });
  storeUser(ivan);
  renderWithProviders(
    <>
      <MyDataPage />
      <WhoAmI />
    </>,
    { route: '/my-data', user: { ...plainUser, email: ivan.email, consentGiven: true } },
  );
  return api;
}

const sectionNamed = (title: string) => {
  const heading = screen.getByRole('heading', { name: title });
  const section = heading.closest('section');
  if (!section) throw new Error(`no section ${title}`);
  return within(section);
};

/** The reminders switch, once the data has come. */
const remindersBox = async () => {
  await screen.findByRole('heading', { name: 'НАПОМИНАНИЯ' });
  return sectionNamed('НАПОМИНАНИЯ').getByRole('checkbox', { name: /^Напоминать в боте/ });
};

const unusedListed = () =>
  within(screen.getByRole('list', { name: 'Неиспользованные купоны' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

const erasesSent = (api: ReturnType<typeof stubApi>) =>
  api.fetchMock.mock.calls
    .filter(([input, init]) => `${init?.method} ${String(input)}` === ERASE)
    .map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : undefined));

describe('MyDataPage', () => {
  beforeEach(() => {
    download.canDownloadFiles.mockReturnValue(true);
    download.downloadFileFrom.mockClear();
  });

  it('shows what the server holds in words', async () => {
    renderMyData();

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('МОИ ДАННЫЕ');
    const profile = await screen.findByRole('heading', { name: 'ПРОФИЛЬ' });
    expect(profile).toBeInTheDocument();
    const rows = sectionNamed('ПРОФИЛЬ');
    expect(rows.getByText('ID в Telegram').nextSibling).toHaveTextContent('7');
    expect(rows.getByText('Имя пользователя').nextSibling).toHaveTextContent('@user_ivan');
    expect(rows.getByText('Имя').nextSibling).toHaveTextContent('Иван Петров');
    expect(rows.getByText('E-mail для чека').nextSibling).toHaveTextContent('ivan@example.ru');
    expect(rows.getByText('Согласие').nextSibling).toHaveTextContent('дано 23.11.2026');
    expect(rows.getByText('Редакция политики').nextSibling).toHaveTextContent('от 23.11.2026');
    expect(rows.getByText('Пришли по приглашению').nextSibling).toHaveTextContent('нет');
    expect(rows.getByText('Код вашей ссылки-приглашения').nextSibling).toHaveTextContent('Ab3dEf9h');

    expect(sectionNamed('ПЛАТЕЖИ').getByText('Рафт-школа «Порог» — 5000 руб.')).toBeInTheDocument();
    // Times on the server's clock with its name, whatever the phone's zone.
    expect(sectionNamed('ПЛАТЕЖИ').getByText('20.11.2026 12:00 по Москве · оплачен')).toBeInTheDocument();
    const coupons = sectionNamed('КУПОНЫ');
    expect(coupons.getByText('Рафт-школа «Порог» — скидка 750 руб.')).toBeInTheDocument();
    expect(coupons.getByText(/^не использован · куплен 20.11.2026/)).toBeInTheDocument();
    expect(coupons.getByText(/^использован · куплен 01.07.2026 · погашен 05.07.2026/)).toBeInTheDocument();
    expect(coupons.getByText(/^подарен, ждет получателя · куплен 01.06.2026/)).toBeInTheDocument();
    expect(sectionNamed('ПОДАРКИ').getByText('Вы подарили купон')).toBeInTheDocument();
    expect(sectionNamed('ПОДАРКИ').getByText('01.08.2026 12:00 по Москве')).toBeInTheDocument();
    expect(sectionNamed('ПРОВЕРКИ КУПОНОВ').getByText('Нет записей')).toBeInTheDocument();
    expect(
      sectionNamed('ГЕОТОЧКИ').getByText('2 точки маршрута, с 01.09.2026 по 02.09.2026'),
    ).toBeInTheDocument();
    expect(
      sectionNamed('ОЦЕНКИ ВИЗИТОВ').getByText('Рафт-школа «Порог» — оценка 5 из 5'),
    ).toBeInTheDocument();
    expect(sectionNamed('ОЦЕНКИ ВИЗИТОВ').getByText(/· Все понравилось\.$/)).toBeInTheDocument();
    const lines = sectionNamed('ОЧЕРЕДИ И ОТЛОЖЕННЫЕ КУПОНЫ');
    expect(lines.getByText('Клуб «Шивера» — скидка 500 руб.')).toBeVisible();
    expect(lines.getByText('в очереди 3-й · встали 22.11.2026 10:00 по Москве')).toBeVisible();
    expect(
      lines.getByText(
        'в очереди: купон отложен для вас до 23.11.2026 13:00 по Москве · встали 21.11.2026 10:00 по Москве',
      ),
    ).toBeVisible();
    expect(lines.getByText('Рафт-школа «Порог» — скидка 750 руб.')).toBeVisible();
    expect(lines.getByText('купон отложен на время оплаты до 23.11.2026 12:05 по Москве')).toBeVisible();
    const opens = sectionNamed('ДНИ, КОГДА ВЫ ОТКРЫВАЛИ ПРИЛОЖЕНИЕ');
    expect(opens.getByText('Дней: 3')).toBeInTheDocument();
    expect(opens.getByText('с 15.06.2026 по 02.09.2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Политика конфиденциальности' })).toHaveAttribute(
      'href',
      '/privacy',
    );
  });

  it('turns the bot’s reminders off and on again', async () => {
    const user = userEvent.setup();
    let on = true;
    const api = renderMyData({
      'GET /api/me/data': () => jsonResponse({ ...held, user: { ...held.user, couponReminders: on } }),
      'PUT /api/me/coupon-reminders': (init) => {
        on = JSON.parse(String(init?.body)).on;
        return new Response(null, { status: 204 });
      },
    });
    const box = await remindersBox();
    expect(box).toBeChecked();
    await user.click(box);
    await waitFor(() => expect(box).not.toBeChecked());
    expect(api.callsTo('PUT /api/me/coupon-reminders')).toHaveLength(1);
    expect(on).toBe(false);
    await user.click(box);
    await waitFor(() => expect(box).toBeChecked());
    expect(on).toBe(true);
  });

  it('turns the QR photos in the bot’s chat off, saying where new QRs are then; a failed save says why and changes nothing', async () => {
    const user = userEvent.setup();
    const saved: unknown[] = [];
    let failing = false;
    renderMyData({
      'PUT /api/me/qr-photos': (init) => {
        if (failing) return jsonResponse({ error: 'internal', message: 'Сервер недоступен.' }, 500);
        saved.push(JSON.parse(String(init.body)));
        return new Response(null, { status: 204 });
      },
    });
    const section = () => sectionNamed('QR В ЧАТЕ С БОТОМ');
    const box = await screen.findByRole('checkbox', { name: 'Присылать QR в чат с ботом' });
    expect(box).toBeChecked();
    expect(section().getByText(/^Бот присылает каждый новый QR фотографией/)).toBeInTheDocument();

    await user.click(box);
    await vi.waitFor(() => expect(saved).toEqual([{ enabled: false }]));
    expect(box).not.toBeChecked();
    expect(
      section().getByText('Новые QR бот не присылает, они только в разделе «Мои QR».'),
    ).toBeInTheDocument();

    failing = true;
    await user.click(box);
    expect(await section().findByText('Сервер недоступен.')).toBeInTheDocument();
    expect(box).not.toBeChecked();
  });

  it('asks for partners’ offers separately: off until turned on, and taken back the same way', async () => {
    const user = userEvent.setup();
    const saved: unknown[] = [];
    renderMyData({
      'PUT /api/me/partner-offers': (init) => {
        saved.push(JSON.parse(String(init.body)));
        return new Response(null, { status: 204 });
      },
    });
    const section = () => sectionNamed('ПРЕДЛОЖЕНИЯ ПАРТНЕРОВ');
    const box = await screen.findByRole('checkbox', { name: 'Присылать предложения партнеров' });
    expect(box).not.toBeChecked();
    expect(section().getByText(/рекламу не присылает/)).toBeInTheDocument();

    await user.click(box);
    await vi.waitFor(() => expect(saved).toEqual([{ enabled: true }]));
    expect(box).toBeChecked();
    expect(section().getByText(/Согласие можно отозвать здесь в любой момент/)).toBeInTheDocument();
    await user.click(box);
    await vi.waitFor(() => expect(saved).toEqual([{ enabled: true }, { enabled: false }]));
    expect(box).not.toBeChecked();
  });

  it('downloads the copy the way the GPX export is downloaded', async () => {
    const user = userEvent.setup();
    const api = renderMyData({
      'POST /api/me/data/link': () =>
        jsonResponse({ url: '/api/me/data/file?token=t1', fileName: 'moi-dannye.json' }),
    });

    await user.click(await screen.findByRole('button', { name: 'СКАЧАТЬ МОИ ДАННЫЕ' }));

    expect(await screen.findByText('Файл с вашими данными скачивается.')).toBeInTheDocument();
    expect(download.downloadFileFrom).toHaveBeenCalledExactlyOnceWith(
      '/api/me/data/file?token=t1',
      'moi-dannye.json',
    );
    expect(api.callsTo('POST /api/me/data/send')).toHaveLength(0);
  });

  it('has the bot send the copy where Telegram cannot download files', async () => {
    download.canDownloadFiles.mockReturnValue(false);
    const user = userEvent.setup();
    const api = renderMyData({ 'POST /api/me/data/send': () => jsonResponse('ok') });

    await user.click(await screen.findByRole('button', { name: 'СКАЧАТЬ МОИ ДАННЫЕ' }));

    expect(
      await screen.findByText('Бот прислал вам файл с данными — откройте чат с ботом.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /api/me/data/send')).toHaveLength(1);
    expect(download.downloadFileFrom).not.toHaveBeenCalled();
  });

  it('names the unused coupons and erases only once they are given up, then starts the session afresh', async () => {
    const user = userEvent.setup();
    let erased = false;
    const api = renderMyData({
      [ERASE]: () => {
        erased = true;
        return new Response(null, { status: 204 });
      },
      'GET /api/me': () => jsonResponse(erased ? { ...ivan, email: null, consentGiven: false } : ivan),
    });

    await user.click(await screen.findByRole('button', { name: ERASE_BUTTON }));
    expect(screen.getByText(/У вас есть неиспользованные купоны/)).toBeInTheDocument();
    expect(unusedListed()).toEqual(['Рафт-школа «Порог» — скидка 750 руб.']);
    const giveUp = screen.getByRole('checkbox', { name: GIVE_UP });
    expect(giveUp).not.toBeChecked();

    await user.click(screen.getByRole('button', { name: CONFIRM_BUTTON }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Отметьте, что отказываетесь от неиспользованных купонов',
    );
    expect(erasesSent(api)).toEqual([]);

    await user.click(giveUp);
    await user.click(screen.getByRole('button', { name: CONFIRM_BUTTON }));

    expect(await screen.findByText('Ваши данные удалены')).toBeInTheDocument();
    expect(erasesSent(api)).toEqual([{ giveUpCoupons: true }]);
    // Nothing of the erased state survives: the user is read afresh and saved as the server has it.
    expect(await screen.findByText('согласие: нет')).toBeInTheDocument();
    expect(readStoredUser(7)).toMatchObject({ consentGiven: false, email: null });
  });

  it('erases at one confirming press, without giving anything up, when no coupon is unused', async () => {
    const user = userEvent.setup();
    const api = renderMyData({
      'GET /api/me/data': () =>
        jsonResponse({ ...held, coupons: held.coupons.filter((c) => c.status === 'USED') }),
      [ERASE]: () => new Response(null, { status: 204 }),
    });
    localStorage.setItem('katajsya.myQr.7', JSON.stringify({ coupons: [], images: {} }));
    const erasedItems = (list: string) =>
      within(screen.getByRole('list', { name: list }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    const erasedData = [
      'профиль и e-mail',
      'согласия на обработку данных и на предложения партнеров',
      'геоточки',
      'оценки визитов и отзывы',
      'дни, когда вы открывали приложение',
      'места в очередях за купонами',
      'код вашей ссылки-приглашения',
    ];

    await user.click(await screen.findByRole('button', { name: ERASE_BUTTON }));
    // What goes is said before the press, and again once it has gone.
    expect(erasedItems('Удалятся:')).toEqual(erasedData);
    expect(screen.getByText('Удалить ваши данные? Отменить это будет нельзя.')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: GIVE_UP })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: CONFIRM_BUTTON }));

    expect(await screen.findByText('Ваши данные удалены')).toBeInTheDocument();
    expect(erasedItems('Сервис больше не хранит:')).toEqual(erasedData);
    expect(erasesSent(api)).toEqual([undefined]);
    // The QR list kept for a day without signal goes too.
    await vi.waitFor(() => expect(localStorage.getItem('katajsya.myQr.7')).toBeNull());
  });

  it('shows the server’s unused_coupons refusal and asks again about the coupons it lists now', async () => {
    const user = userEvent.setup();
    const gift = {
      id: 'c-gift',
      companyName: 'Клуб «Шивера»',
      discount: 500,
      status: 'NOT_USED',
      purchasedAt: '2026-11-22T09:00:00.000Z',
      redeemedAt: null,
    };
    let giftArrived = false;
    const message =
      'У вас есть неиспользованные купоны: «Клуб «Шивера»» (скидка 500 руб.). Подтвердите, что отказываетесь от них, и удалите данные снова';
    renderMyData({
      'GET /api/me/data': () =>
        jsonResponse(giftArrived ? { ...held, coupons: [gift, ...held.coupons] } : held),
      [ERASE]: () => {
        giftArrived = true;
        return jsonResponse({ error: 'unused_coupons', message }, 409);
      },
    });

    await user.click(await screen.findByRole('button', { name: ERASE_BUTTON }));
    await user.click(screen.getByRole('checkbox', { name: GIVE_UP }));
    await user.click(screen.getByRole('button', { name: CONFIRM_BUTTON }));

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    await vi.waitFor(() =>
      expect(unusedListed()).toEqual([
        'Клуб «Шивера» — скидка 500 руб.',
        'Рафт-школа «Порог» — скидка 750 руб.',
      ]),
    );
    expect(screen.getByRole('checkbox', { name: GIVE_UP })).not.toBeChecked();
    expect(screen.queryByText('Ваши данные удалены')).not.toBeInTheDocument();
  });
});
