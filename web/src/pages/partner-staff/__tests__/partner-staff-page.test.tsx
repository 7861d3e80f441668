import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeRoute, stubApi } from '@/test/fake-api';
import { adminUser, jsonResponse, partnerUser, renderWithProviders, staffUser } from '@/test/render';
import { PartnerStaffPage } from '../partner-staff-page';

const POROG = { id: 1, companyName: 'Рафт-школа «Порог»', region: 'Карелия' };
const BAIDARKA = { id: 2, companyName: 'Прокат «Байдарка»', region: 'Алтай' };

/** The staff lists the server holds, changed by each PUT it takes. */
function staffServer(lists: Record<number, string[]>) {
  const bodies: unknown[] = [];
  const routes: Record<string, FakeRoute> = {};
  for (const id of Object.keys(lists).map(Number)) {
    routes[`GET /api/partners/${id}/staff`] = () => jsonResponse({ usernames: lists[id] });
    routes[`PUT /api/partners/${id}/staff`] = (init) => {
      const body = JSON.parse(String(init.body)) as { usernames: string[] };
      bodies.push(body);
      lists[id] = body.usernames;
      return jsonResponse('ok');
    };
  }
  return { routes, bodies };
}

/** The server's answer whether anyone opened the app as `username`. */
const seen = (username: string, answer = true): Record<string, FakeRoute> => ({
  [`GET /api/users/seen/${username}`]: () => jsonResponse({ seen: answer }),
});

function renderStaff(
  routes: Record<string, FakeRoute>,
  options = { user: partnerUser, route: '/partner-staff' },
) {
  const api = stubApi(routes);
  renderWithProviders(<PartnerStaffPage />, options);
  return api;
}

describe('PartnerStaffPage', () => {
  it('tells a staff member that staff are named by the admin and the spokesman', () => {
    const api = stubApi({});
    renderWithProviders(<PartnerStaffPage />, { user: staffUser });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('СОТРУДНИКИ');
    expect(
      screen.getByText('Сотрудников партнера назначают администратор и представитель партнера'),
    ).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('shows the spokesman their company’s staff and adds one, «@» and spaces dropped', async () => {
    const user = userEvent.setup();
    const server = staffServer({ 1: ['instructor_oleg'] });
    renderStaff({
      'GET /api/partners': () => jsonResponse([POROG]),
      ...server.routes,
      ...seen('kassir_vera'),
    });

    expect(await screen.findByText('@instructor_oleg')).toBeInTheDocument();
    // One company: no choice to make, its name is said.
    expect(screen.getByText('Рафт-школа «Порог»')).toBeInTheDocument();
    expect(screen.queryByLabelText('Партнер')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Юзернейм сотрудника в Telegram'), ' @kassir_vera ');
    await user.click(screen.getByRole('button', { name: 'ДОБАВИТЬ' }));

    expect(await screen.findByText('@kassir_vera добавлен')).toBeInTheDocument();
    expect(await screen.findByText('@kassir_vera')).toBeInTheDocument();
    expect(server.bodies).toEqual([{ usernames: ['instructor_oleg', 'kassir_vera'] }]);
    expect(screen.getByLabelText('Юзернейм сотрудника в Telegram')).toHaveValue('');
  });

  it('shows «ДОБАВИТЬ» working from the tap on, while the name is still being looked up', async () => {
    const user = userEvent.setup();
    const server = staffServer({ 1: ['instructor_oleg'] });
    let answer: (seen: boolean) => void = () => {};
    renderStaff({
      'GET /api/partners': () => jsonResponse([POROG]),
      ...server.routes,
      'GET /api/users/seen/kassir_vera': () =>
        new Promise((resolve) => {
          answer = (seen) => resolve(jsonResponse({ seen }));
        }),
    });
    await screen.findByText('@instructor_oleg');
    await user.type(screen.getByLabelText('Юзернейм сотрудника в Telegram'), 'kassir_vera');
    await user.click(screen.getByRole('button', { name: 'ДОБАВИТЬ' }));
    expect(await screen.findByRole('button', { name: 'Сохраняем…' })).toBeDisabled();
    answer(true);
    expect(await screen.findByText('@kassir_vera добавлен')).toBeInTheDocument();
  });

  it('refuses a malformed or repeated username without asking the server', async () => {
    const user = userEvent.setup();
    const server = staffServer({ 1: ['instructor_oleg'] });
    renderStaff({ 'GET /api/partners': () => jsonResponse([POROG]), ...server.routes });
    await screen.findByText('@instructor_oleg');

    await user.type(screen.getByLabelText('Юзернейм сотрудника в Telegram'), 'kassir_vеra');
    await user.click(screen.getByRole('button', { name: 'ДОБАВИТЬ' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'В имени русская буква «е»: юзернеймы Telegram пишутся латиницей',
    );
    expect(screen.getByLabelText('Юзернейм сотрудника в Telegram')).toBeInvalid();

    await user.clear(screen.getByLabelText('Юзернейм сотрудника в Telegram'));
    await user.type(screen.getByLabelText('Юзернейм сотрудника в Telegram'), 't.me/Instructor_Oleg');
    await user.click(screen.getByRole('button', { name: 'ДОБАВИТЬ' }));
    expect(screen.getByRole('alert')).toHaveTextContent('@Instructor_Oleg уже в списке');
    expect(server.bodies).toHaveLength(0);
  });

  it('asks before adding a name the app has never seen: «Отмена» saves nothing, «Добавить» adds it', async () => {
    const user = userEvent.setup();
    const server = staffServer({ 1: [] });
    renderStaff({
      'GET /api/partners': () => jsonResponse([POROG]),
      ...server.routes,
      ...seen('new_cashier', false),
    });
    await screen.findByText('Сотрудников пока нет');

    await user.type(screen.getByLabelText('Юзернейм сотрудника в Telegram'), 'new_cashier');
    await user.click(screen.getByRole('button', { name: 'ДОБАВИТЬ' }));
    const asked = await screen.findByRole('group', { name: 'Мы еще не видели @new_cashier в приложении.' });
    expect(asked).toHaveTextContent(
      'Проверять и гасить купоны @new_cashier сможет только после того, как откроет приложение «Катайся с нами».',
    );
    await user.click(screen.getByRole('button', { name: 'Отмена' }));
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    expect(server.bodies).toHaveLength(0);
    expect(screen.getByText('Сотрудников пока нет')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'ДОБАВИТЬ' }));
    await user.click(await screen.findByRole('button', { name: 'Добавить' }));
    expect(
      await screen.findByText(
        '@new_cashier добавлен. Гасить купоны он сможет, когда откроет приложение «Катайся с нами».',
      ),
    ).toBeInTheDocument();
    expect(server.bodies).toEqual([{ usernames: ['new_cashier'] }]);
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
  });

  it('asks before removing a staff member: «Отмена» keeps them, «Убрать» removes them', async () => {
    const user = userEvent.setup();
    const server = staffServer({ 1: ['instructor_oleg', 'kassir_vera'] });
    renderStaff({ 'GET /api/partners': () => jsonResponse([POROG]), ...server.routes });

    await user.click(await screen.findByRole('button', { name: 'Убрать @instructor_oleg' }));
    const asked = screen.getByRole('group', { name: 'Убрать @instructor_oleg из сотрудников?' });
    expect(asked).toHaveTextContent('@instructor_oleg больше не сможет проверять и гасить купоны партнера');
    await user.click(screen.getByRole('button', { name: 'Отмена' }));
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    expect(server.bodies).toHaveLength(0);
    expect(screen.getByText('@instructor_oleg')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Убрать @instructor_oleg' }));
    await user.click(screen.getByRole('button', { name: 'Убрать' }));

    expect(await screen.findByText('@instructor_oleg больше не сотрудник')).toBeInTheDocument();
    expect(server.bodies).toEqual([{ usernames: ['kassir_vera'] }]);
    expect(screen.queryByRole('button', { name: 'Убрать @instructor_oleg' })).not.toBeInTheDocument();
  });

  it('lets an admin open any partner’s staff, the one named in the address first', async () => {
    const user = userEvent.setup();
    const server = staffServer({ 1: ['instructor_oleg'], 2: [] });
    renderStaff(
      { 'GET /api/partners': () => jsonResponse([POROG, BAIDARKA]), ...server.routes },
      { user: adminUser, route: '/partner-staff?partnerId=2' },
    );

    expect(await screen.findByText('Сотрудников пока нет')).toBeInTheDocument();
    expect(screen.getByLabelText('Партнер')).toHaveValue('2');

    await user.selectOptions(screen.getByLabelText('Партнер'), 'Рафт-школа «Порог» · Карелия');
    expect(await screen.findByText('@instructor_oleg')).toBeInTheDocument();
  });

  it('shows the server’s refusal', async () => {
    const user = userEvent.setup();
    renderStaff({
      'GET /api/partners': () => jsonResponse([POROG]),
      'GET /api/partners/1/staff': () => jsonResponse({ usernames: [] }),
      ...seen('kassir_vera'),
      'PUT /api/partners/1/staff': () =>
        jsonResponse(
          {
            error: 'not_your_partner',
            message: 'Сотрудников партнера назначают администратор и представитель партнера',
          },
          403,
        ),
    });
    await screen.findByText('Сотрудников пока нет');
    await user.type(screen.getByLabelText('Юзернейм сотрудника в Telegram'), 'kassir_vera');
    await user.click(screen.getByRole('button', { name: 'ДОБАВИТЬ' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Сотрудников партнера назначают администратор и представитель партнера',
    );
  });
});
