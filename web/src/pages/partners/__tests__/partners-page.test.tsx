import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TAdminPartner } from '#contract/back-office-partners';
import type { TAdminOffer } from '#contract/offers';
import { type FakeRoute, stubApi } from '@/test/fake-api';
import { adminUser, jsonResponse, partnerUser, renderWithProviders } from '@/test/render';
import { PartnersPage } from '../partners-page';

const LIST = 'GET /api/admin/partners';

const offer = (id: number, extra: Partial<TAdminOffer> = {}): TAdminOffer => ({
  id,
  partnerId: 1,
  price: 150,
  discount: 750,
  state: 'on_sale',
  paymentLink: 'https://pay.example/porog',
  paymentLinkNeeded: true,
  validUntil: null,
  validDays: null,
  termsProblem: null,
  quantity: null,
  perBuyer: null,
  saleStartsAt: null,
  sold: 0,
  held: 0,
  left: null,
  inLine: 0,
  ...extra,
});

const porog: TAdminPartner = {
  id: 1,
  region: 'Карелия',
  companyName: 'Рафт-школа «Порог»',
  partnerType: 'ШКОЛА',
  phoneNumber: '79111234567',
  address: 'пос. Чкаловский, ул. Речная, 1',
  email: 'porog@example.ru',
  spokesmanNickname: 'demo_partner',
  inn: '1001234567',
  discountConditions: ['Скидка на курс «Рафтинг с нуля»'],
  status: 'active',
  staff: ['instructor_oleg'],
  offers: [
    offer(21, { validUntil: '2027-09-30' }),
    offer(22, { discount: 450, price: 90, state: 'withdrawn', paymentLink: null, validDays: 21 }),
    offer(23, { discount: 300, price: 50, state: 'pending' }),
    // Stored before a coupon had to cost less than it saves: withdrawn by migration 0019.
    offer(24, {
      discount: 300,
      price: 2000,
      state: 'withdrawn',
      termsProblem: 'Цена должна быть меньше скидки: купон стоит покупателю меньше, чем он экономит.',
    }),
  ],
  rating: { average: 4.3, count: 12 },
};
const baidarka: TAdminPartner = {
  ...porog,
  id: 2,
  companyName: 'Прокат «Байдарка»',
  region: 'Алтай',
  partnerType: 'ПРОКАТ',
  status: 'paused',
  staff: [],
  offers: [],
  rating: null,
};

/** A route that keeps the bodies it was sent. */
function recording(answer: () => Response) {
  const bodies: unknown[] = [];
  const route: FakeRoute = (init) => {
    bodies.push(init.body === undefined ? undefined : JSON.parse(String(init.body)));
    return answer();
  };
  return { route, bodies };
}

/** The list the server holds: each change below replaces it, as the server would. */
function serverList(initial: TAdminPartner[]) {
  let partners = initial;
  return {
    route: (() => jsonResponse(partners)) satisfies FakeRoute,
    set: (next: TAdminPartner[]) => {
      partners = next;
    },
  };
}

function renderPartners(routes: Record<string, FakeRoute>) {
  const api = stubApi(routes);
  renderWithProviders(<PartnersPage />, { route: '/partners', user: adminUser });
  return api;
}

const card = (name: string) => screen.getByRole('article', { name });
const open = async (user: ReturnType<typeof userEvent.setup>, name: string) => {
  await user.click(
    within(await screen.findByRole('article', { name })).getByRole('button', { expanded: false }),
  );
  return card(name);
};

describe('PartnersPage', () => {
  it('tells anyone but an admin that only admins see the partners, without asking the server', () => {
    const api = stubApi({});
    renderWithProviders(<PartnersPage />, { user: partnerUser });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('ПАРТНЕРЫ');
    expect(screen.getByText('Список партнеров видят только администраторы')).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('lists every partner, active and paused, and opens one on its contacts, staff and offers', async () => {
    const user = userEvent.setup();
    renderPartners({ [LIST]: () => jsonResponse([porog, baidarka]) });

    expect(await screen.findByRole('article', { name: 'Рафт-школа «Порог»' })).toHaveTextContent(
      'Карелия · ШКОЛА',
    );
    expect(card('Рафт-школа «Порог»')).toHaveTextContent('Купонов в продаже: 1');
    expect(card('Прокат «Байдарка»')).toHaveTextContent('Приостановлен');
    expect(card('Рафт-школа «Порог»')).toHaveTextContent('Оценка покупателей: 4,3 из 5 (12 оценок)');
    expect(card('Прокат «Байдарка»')).not.toHaveTextContent('Оценка');

    const opened = await open(user, 'Рафт-школа «Порог»');
    expect(opened).toHaveTextContent('+7 (911) 123-45-67');
    expect(opened).toHaveTextContent('@demo_partner');
    expect(opened).toHaveTextContent('@instructor_oleg');
    const offers = within(within(opened).getByRole('region', { name: 'КУПОНЫ' })).getAllByRole('listitem');
    expect(offers.map((item) => item.textContent)).toEqual([
      expect.stringMatching(
        /Скидка 750 руб · Цена 150 рубВ продаже.*Действует до 30\.09\.2027.*pay\.example/,
      ),
      expect.stringMatching(/Скидка 450 руб.*Снят с продажи.*Действует 21 день после покупки.*не задана/),
      expect.stringMatching(/Скидка 300 руб.*Ждет решения.*Срок не ограничен/),
      expect.stringMatching(
        /Скидка 300 руб · Цена 2000 рубСнят с продажиНе продается\. Цена должна быть меньше скидки: купон стоит покупателю меньше, чем он экономит\./,
      ),
    ]);
    // An undecided offer has nothing to withdraw or change yet.
    expect(within(offers[2] as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
    // One that costs more than it saves cannot be put on sale again, only changed.
    expect(
      within(offers[3] as HTMLElement).queryByRole('button', { name: 'Вернуть в продажу' }),
    ).not.toBeInTheDocument();
    expect(
      within(offers[1] as HTMLElement).getByRole('button', { name: 'Вернуть в продажу' }),
    ).toBeInTheDocument();
  });

  it('asks before pausing: «Отмена» keeps it on sale, «Приостановить» pauses once; resumes at once', async () => {
    const user = userEvent.setup();
    const list = serverList([porog]);
    const pause = recording(() => {
      list.set([{ ...porog, status: 'paused' }]);
      return jsonResponse('ok');
    });
    const resume = recording(() => {
      list.set([porog]);
      return jsonResponse('ok');
    });
    renderPartners({
      [LIST]: list.route,
      'POST /api/admin/partners/1/pause': pause.route,
      'POST /api/admin/partners/1/resume': resume.route,
    });
    const opened = await open(user, 'Рафт-школа «Порог»');

    await user.click(within(opened).getByRole('button', { name: 'Приостановить' }));
    expect(
      within(opened).getByRole('group', { name: 'Приостановить партнера Рафт-школа «Порог»?' }),
    ).toHaveTextContent(
      'Покупатели перестанут видеть партнера и его купоны и не смогут их купить. Уже купленные купоны действуют',
    );
    await user.click(within(opened).getByRole('button', { name: 'Отмена' }));
    expect(within(opened).queryByRole('group')).not.toBeInTheDocument();
    expect(pause.bodies).toHaveLength(0);
    expect(opened).not.toHaveTextContent('Приостановлен');

    await user.click(within(opened).getByRole('button', { name: 'Приостановить' }));
    await user.dblClick(within(opened).getByRole('button', { name: 'Приостановить' }));

    expect(await within(opened).findByRole('button', { name: 'Возобновить' })).toBeInTheDocument();
    expect(within(opened).queryByRole('group')).not.toBeInTheDocument();
    expect(pause.bodies).toHaveLength(1);
    expect(opened).toHaveTextContent('Приостановлен');
    expect(opened).toHaveTextContent('Покупатели не видят партнера и его купоны');

    await user.click(within(opened).getByRole('button', { name: 'Возобновить' }));
    expect(await within(opened).findByRole('button', { name: 'Приостановить' })).toBeInTheDocument();
    expect(resume.bodies).toHaveLength(1);
  });

  it('edits a partner in the add-partner form, filled with its data, and says it is saved', async () => {
    const user = userEvent.setup();
    const edit = recording(() => jsonResponse({ ...porog, address: 'Кемь, ул. Речная, 2' }));
    renderPartners({ [LIST]: () => jsonResponse([porog]), 'PUT /api/admin/partners/1': edit.route });
    const opened = await open(user, 'Рафт-школа «Порог»');

    await user.click(within(opened).getByRole('button', { name: 'Изменить' }));
    expect(within(opened).getByLabelText('Телефон')).toHaveValue('+7 (911) 123-45-67');
    expect(within(opened).getByLabelText('Тип партнера')).toHaveValue('ШКОЛА');
    expect(within(opened).getByLabelText('Условие скидки 1')).toHaveValue('Скидка на курс «Рафтинг с нуля»');
    await user.clear(within(opened).getByLabelText('Адрес'));
    await user.type(within(opened).getByLabelText('Адрес'), 'Кемь, ул. Речная, 2');
    await user.click(within(opened).getByRole('button', { name: 'СОХРАНИТЬ' }));

    expect(await within(opened).findByText('Сохранено')).toBeInTheDocument();
    expect(edit.bodies).toEqual([
      {
        region: 'Карелия',
        companyName: 'Рафт-школа «Порог»',
        partnerType: 'ШКОЛА',
        phoneNumber: '79111234567',
        address: 'Кемь, ул. Речная, 2',
        email: 'porog@example.ru',
        spokesmanNickname: 'demo_partner',
        // Not on the form, and kept: an edit must not erase the partner's ИНН.
        inn: '1001234567',
        discountConditions: ['Скидка на курс «Рафтинг с нуля»'],
      },
    ]);
  });

  it('shows the server’s refusal of an edit', async () => {
    const user = userEvent.setup();
    renderPartners({
      [LIST]: () => jsonResponse([porog]),
      'PUT /api/admin/partners/1': () =>
        jsonResponse(
          { error: 'partner_exists', message: 'Партнер «Прокат «Байдарка»» уже есть в регионе «Карелия»' },
          409,
        ),
    });
    const opened = await open(user, 'Рафт-школа «Порог»');
    await user.click(within(opened).getByRole('button', { name: 'Изменить' }));
    await user.click(within(opened).getByRole('button', { name: 'СОХРАНИТЬ' }));

    const refusal = await within(opened).findByRole('alert');
    expect(refusal).toHaveTextContent('Не удалось сохранить');
    expect(refusal).toHaveTextContent('уже есть в регионе «Карелия»');
  });

  it('asks before withdrawing an offer on sale, and reopens a withdrawn one at once', async () => {
    const user = userEvent.setup();
    const withdraw = recording(() => jsonResponse('ok'));
    const reopen = recording(() => jsonResponse('ok'));
    renderPartners({
      [LIST]: () => jsonResponse([porog]),
      'POST /api/admin/coupons/21/withdraw': withdraw.route,
      'POST /api/admin/coupons/22/reopen': reopen.route,
    });
    const opened = await open(user, 'Рафт-школа «Порог»');

    await user.click(within(opened).getByRole('button', { name: 'Снять с продажи' }));
    const asked = within(opened).getByRole('group', {
      name: 'Снять с продажи купон на скидку 750\u00a0руб?',
    });
    expect(asked).toHaveTextContent('Покупатели перестанут видеть этот купон и не смогут его купить.');
    await user.click(within(asked).getByRole('button', { name: 'Отмена' }));
    expect(within(opened).queryByRole('group')).not.toBeInTheDocument();
    expect(withdraw.bodies).toHaveLength(0);

    await user.click(within(opened).getByRole('button', { name: 'Снять с продажи' }));
    await user.click(
      within(within(opened).getByRole('group')).getByRole('button', { name: 'Снять с продажи' }),
    );
    await user.click(within(opened).getByRole('button', { name: 'Вернуть в продажу' }));

    await expect.poll(() => [withdraw.bodies.length, reopen.bodies.length]).toEqual([1, 1]);
    expect(within(opened).queryByRole('group')).not.toBeInTheDocument();
  });

  it('changes an offer’s link and validity, checking the number of days first', async () => {
    const user = userEvent.setup();
    const change = recording(() => jsonResponse(offer(21, { validDays: 30, validUntil: '2027-10-15' })));
    renderPartners({ [LIST]: () => jsonResponse([porog]), 'PUT /api/admin/coupons/21': change.route });
    const opened = await open(user, 'Рафт-школа «Порог»');
    const [onSale] = within(within(opened).getByRole('region', { name: 'КУПОНЫ' })).getAllByRole('listitem');
    const row = within(onSale as HTMLElement);

    await user.click(row.getByRole('button', { name: 'Срок и ссылка' }));
    expect(row.getByLabelText('Ссылка на оплату')).toHaveValue('https://pay.example/porog');
    expect(row.getByLabelText('Последний день действия')).toHaveValue('2027-09-30');
    await user.type(row.getByLabelText('Дней после покупки'), '0');
    await user.click(row.getByRole('button', { name: 'СОХРАНИТЬ' }));
    expect(row.getByRole('alert')).toHaveTextContent('Срок: больше нуля');
    expect(change.bodies).toHaveLength(0);

    await user.clear(row.getByLabelText('Дней после покупки'));
    await user.type(row.getByLabelText('Дней после покупки'), '30');
    await user.clear(row.getByLabelText('Ссылка на оплату'));
    await user.type(row.getByLabelText('Ссылка на оплату'), 'https://pay.example/new');
    await user.clear(row.getByLabelText('Последний день действия'));
    await user.type(row.getByLabelText('Последний день действия'), '2027-10-15');
    await user.click(row.getByRole('button', { name: 'СОХРАНИТЬ' }));

    expect(await row.findByText('Сохранено')).toBeInTheDocument();
    expect(change.bodies).toEqual([
      { paymentLink: 'https://pay.example/new', validUntil: '2027-10-15', validDays: 30 },
    ]);
  });

  describe('on 7 December 2026 in Moscow', () => {
    // 01:30 on the 7th in Moscow, still the 6th by UTC. Only the date is fixed: the timers
    // user-event waits on run as usual.
    const onDay = () => vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-06T22:30:00Z') });
    afterEach(() => {
      vi.useRealTimers();
    });

    const offerRow = async (user: ReturnType<typeof userEvent.setup>) => {
      const opened = await open(user, 'Рафт-школа «Порог»');
      const [row] = within(within(opened).getByRole('region', { name: 'КУПОНЫ' })).getAllByRole('listitem');
      return within(row as HTMLElement);
    };

    it.each([
      ['yesterday in Moscow, today by UTC', '2026-12-06'],
      ['six days ago', '2026-12-01'],
      ['long ago', '1990-01-01'],
    ])(
      'refuses a last day already past (%s) at its field, sends nothing, and takes today',
      async (_, day) => {
        onDay();
        const user = userEvent.setup();
        const change = recording(() => jsonResponse(offer(21, { validUntil: '2026-12-07' })));
        renderPartners({
          [LIST]: () => jsonResponse([{ ...porog, offers: [offer(21, { validUntil: '2027-09-30' })] }]),
          'PUT /api/admin/coupons/21': change.route,
        });
        const row = await offerRow(user);
        await user.click(row.getByRole('button', { name: 'Срок и ссылка' }));
        const lastDay = row.getByLabelText('Последний день действия');

        await user.clear(lastDay);
        await user.type(lastDay, day);
        expect(lastDay).toBeInvalid();
        expect(lastDay).toHaveAccessibleDescription(
          'Последний день действия уже прошел: укажите сегодняшний день или позже',
        );
        await user.click(row.getByRole('button', { name: 'СОХРАНИТЬ' }));
        expect(row.queryByText('Сохранено')).not.toBeInTheDocument();
        expect(change.bodies).toEqual([]);

        // Today in Moscow.
        await user.clear(lastDay);
        await user.type(lastDay, '2026-12-07');
        expect(lastDay).toBeValid();
        await user.click(row.getByRole('button', { name: 'СОХРАНИТЬ' }));
        expect(await row.findByText('Сохранено')).toBeInTheDocument();
        expect(change.bodies).toEqual([
          { paymentLink: 'https://pay.example/porog', validUntil: '2026-12-07', validDays: null },
        ]);
      },
    );

    it('says an offer past its last day has ended, not that it is on sale, and changes its link keeping that day', async () => {
      onDay();
      const user = userEvent.setup();
      const expired = offer(21, { validUntil: '2026-12-06' });
      const change = recording(() => jsonResponse({ ...expired, paymentLink: 'https://pay.example/new' }));
      renderPartners({
        [LIST]: () => jsonResponse([{ ...porog, offers: [expired] }]),
        'PUT /api/admin/coupons/21': change.route,
      });
      const row = await offerRow(user);
      expect(row.getByText('Срок истек')).toBeVisible();
      expect(row.queryByText('В продаже')).not.toBeInTheDocument();

      await user.click(row.getByRole('button', { name: 'Срок и ссылка' }));
      expect(row.getByLabelText('Последний день действия')).toHaveValue('2026-12-06');
      expect(row.getByLabelText('Последний день действия')).toBeValid();
      await user.clear(row.getByLabelText('Ссылка на оплату'));
      await user.type(row.getByLabelText('Ссылка на оплату'), 'https://pay.example/new');
      await user.click(row.getByRole('button', { name: 'СОХРАНИТЬ' }));

      expect(await row.findByText('Сохранено')).toBeInTheDocument();
      expect(change.bodies).toEqual([{ paymentLink: 'https://pay.example/new', validDays: null }]);
    });
  });

  it('shows a limited offer’s sold, held, left and in line, and the server’s refusal to lower its quantity below them', async () => {
    const user = userEvent.setup();
    const drop = offer(21, {
      quantity: 20,
      sold: 12,
      held: 8,
      left: 0,
      inLine: 4,
      perBuyer: 2,
      saleStartsAt: '2026-11-29T07:00:00.000Z',
    });
    const change = recording(() =>
      jsonResponse(
        {
          error: 'quantity_below_sold',
          message: 'Количество не может быть меньше уже проданных и оплачиваемых купонов: их 15',
          field: 'quantity',
        },
        409,
      ),
    );
    renderPartners({
      [LIST]: () => jsonResponse([{ ...porog, offers: [drop] }]),
      'PUT /api/admin/coupons/21': change.route,
    });
    const opened = await open(user, 'Рафт-школа «Порог»');
    const [onSale] = within(within(opened).getByRole('region', { name: 'КУПОНЫ' })).getAllByRole('listitem');
    const row = within(onSale as HTMLElement);
    expect(row.getByText('Продано 12 · отложено 8 · осталось 0 из 20 · в очереди 4')).toBeVisible();
    expect(row.getByText('В одни руки: не больше 2')).toBeVisible();
    expect(row.getByText('Продажа с 29.11.2026 10:00 по Москве')).toBeVisible();

    await user.click(row.getByRole('button', { name: 'Срок и ссылка' }));
    await user.clear(row.getByLabelText('Сколько купонов всего'));
    await user.type(row.getByLabelText('Сколько купонов всего'), '10');
    await user.click(row.getByRole('button', { name: 'СОХРАНИТЬ' }));
    expect(await row.findByRole('alert')).toHaveTextContent('их 15');
    expect(change.bodies).toEqual([
      { paymentLink: 'https://pay.example/porog', validDays: null, quantity: 10 },
    ]);
  });

  it('with a provider that takes the money itself, asks for no link: the validity alone changes', async () => {
    const user = userEvent.setup();
    const byProvider = offer(21, { paymentLink: null, paymentLinkNeeded: false });
    const change = recording(() => jsonResponse({ ...byProvider, validDays: 30 }));
    renderPartners({
      [LIST]: () => jsonResponse([{ ...porog, offers: [byProvider] }]),
      'PUT /api/admin/coupons/21': change.route,
    });
    const opened = await open(user, 'Рафт-школа «Порог»');
    const [onSale] = within(within(opened).getByRole('region', { name: 'КУПОНЫ' })).getAllByRole('listitem');
    const row = within(onSale as HTMLElement);

    expect(row.queryByText('Ссылка на оплату не задана')).not.toBeInTheDocument();
    expect(row.queryByRole('button', { name: 'Срок и ссылка' })).not.toBeInTheDocument();
    await user.click(row.getByRole('button', { name: 'Изменить срок' }));
    expect(row.queryByLabelText('Ссылка на оплату')).not.toBeInTheDocument();
    await user.type(row.getByLabelText('Дней после покупки'), '30');
    await user.click(row.getByRole('button', { name: 'СОХРАНИТЬ' }));

    expect(await row.findByText('Сохранено')).toBeInTheDocument();
    expect(change.bodies).toEqual([{ validDays: 30 }]);
  });

  it('says why the list cannot be shown', async () => {
    renderPartners({
      [LIST]: () => jsonResponse({ error: 'forbidden', message: 'Только для администраторов' }, 403),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Только для администраторов');
  });
});
