import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TAdminCalendarLink } from '#contract/calendar';
import type { TPhotoDirectory } from '#contract/photo';
import { type FakeRoute, stubApi } from '@/test/fake-api';
import { adminUser, jsonResponse, plainUser, renderWithProviders } from '@/test/render';
import { CommunityLinksPage } from '../community-links-page';

const karelia: TAdminCalendarLink = {
  id: 1,
  buttonText: 'Сплавы Карелии',
  link: 'https://calendar.example/karelia',
  position: 1,
};
const shuya: TPhotoDirectory = {
  id: 4,
  region: 'Карелия, р. Шуя',
  month: 7,
  organizer: null,
  link: 'https://disk.example/shuya-07',
};

function stubLinksApi(routes: Record<string, FakeRoute> = {}) {
  const api = stubApi({
    'GET /api/admin/calendar-links': () => jsonResponse([karelia]),
    'GET /api/admin/photo-directories': () => jsonResponse([shuya]),
    ...routes,
  });
  const bodiesOf = (key: string) =>
    api.fetchMock.mock.calls
      .filter(([input, init]) => `${init?.method ?? 'GET'} ${decodeURIComponent(String(input))}` === key)
      .map(([, init]) => (init?.body === undefined ? undefined : JSON.parse(String(init.body))));
  return { ...api, bodiesOf };
}

const calendarsSection = () =>
  screen.getByRole('heading', { name: 'КАЛЕНДАРИ' }).closest('section') as HTMLElement;
const photosSection = () =>
  screen.getByRole('heading', { name: 'ПАПКИ С ФОТО' }).closest('section') as HTMLElement;

describe('CommunityLinksPage', () => {
  it('lists the calendars and photo directories, warning while fewer than two calendars exist', async () => {
    stubLinksApi();
    renderWithProviders(<CommunityLinksPage />, { user: adminUser });

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('КАЛЕНДАРИ И ФОТО');
    expect(await within(calendarsSection()).findByText('Сплавы Карелии')).toBeInTheDocument();
    expect(within(calendarsSection()).getByText('Порядок: 1')).toBeInTheDocument();
    expect(screen.getByText(/показывает кнопки, когда календарей хотя бы два/)).toBeInTheDocument();
    expect(
      await within(photosSection()).findByText('Карелия, р. Шуя · Июль · без организатора'),
    ).toBeInTheDocument();
  });

  it('adds a calendar and shows the server refusing a bad link', async () => {
    let attempts = 0;
    const api = stubLinksApi({
      'POST /api/admin/calendar-links': () => {
        attempts += 1;
        return attempts === 1
          ? jsonResponse(
              { error: 'bad_request', message: 'Ссылка должна начинаться с https://', field: 'link' },
              400,
            )
          : jsonResponse({ ...karelia, id: 2, buttonText: 'Алтай', position: 2 }, 201);
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<CommunityLinksPage />, { user: adminUser });
    const section = calendarsSection();

    await user.type(within(section).getByLabelText('Текст кнопки'), 'Алтай');
    await user.type(within(section).getByLabelText('Ссылка на календарь'), 'http://calendar.example/altai');
    await user.click(within(section).getByRole('button', { name: 'Добавить календарь' }));
    expect(await within(section).findByText('Ссылка должна начинаться с https://')).toBeInTheDocument();

    await user.clear(within(section).getByLabelText('Ссылка на календарь'));
    await user.type(within(section).getByLabelText('Ссылка на календарь'), 'https://calendar.example/altai');
    await user.click(within(section).getByRole('button', { name: 'Добавить календарь' }));
    expect(await within(section).findByText('Сохранено')).toBeInTheDocument();
    expect(api.bodiesOf('POST /api/admin/calendar-links')).toEqual([
      { buttonText: 'Алтай', link: 'http://calendar.example/altai' },
      { buttonText: 'Алтай', link: 'https://calendar.example/altai' },
    ]);
    expect(api.callsTo('POST /api/admin/calendar-links')[1]?.get('X-XSRF-TOKEN')).toBe('csrf-token');
    expect(within(section).getByLabelText('Текст кнопки')).toHaveValue('');
  });

  it('edits a calendar in the same form with PUT', async () => {
    const api = stubLinksApi({
      'PUT /api/admin/calendar-links/1': () => jsonResponse({ ...karelia, position: 5 }),
    });
    const user = userEvent.setup();
    renderWithProviders(<CommunityLinksPage />, { user: adminUser });
    const section = calendarsSection();

    await user.click(await within(section).findByRole('button', { name: 'Изменить' }));
    expect(within(section).getByText('Изменяем «Сплавы Карелии»')).toBeInTheDocument();
    expect(within(section).getByLabelText('Текст кнопки')).toHaveValue('Сплавы Карелии');
    await user.clear(within(section).getByLabelText('Порядок'));
    await user.type(within(section).getByLabelText('Порядок'), '5');
    await user.click(within(section).getByRole('button', { name: 'Сохранить календарь' }));

    await within(section).findByText('Сохранено');
    expect(api.bodiesOf('PUT /api/admin/calendar-links/1')).toEqual([
      { buttonText: 'Сплавы Карелии', link: 'https://calendar.example/karelia', position: 5 },
    ]);
    expect(within(section).getByRole('button', { name: 'Добавить календарь' })).toBeInTheDocument();
  });

  it('removes a photo directory only after the second step', async () => {
    const api = stubLinksApi({
      'DELETE /api/admin/photo-directories/4': () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    renderWithProviders(<CommunityLinksPage />, { user: adminUser });
    const section = photosSection();

    await user.click(await within(section).findByRole('button', { name: 'Удалить' }));
    expect(
      within(section).getByText('Удалить «Карелия, р. Шуя · Июль · без организатора»?'),
    ).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Отмена' }));
    expect(api.callsTo('DELETE /api/admin/photo-directories/4')).toHaveLength(0);

    await user.click(within(section).getByRole('button', { name: 'Удалить' }));
    await user.click(within(section).getByRole('button', { name: 'Да, удалить' }));
    expect(await within(section).findByText('Удалено')).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/admin/photo-directories/4')).toHaveLength(1);
  });

  it('adds a photo directory with an empty organizer', async () => {
    const api = stubLinksApi({
      'POST /api/admin/photo-directories': () => jsonResponse({ ...shuya, id: 5, month: 8 }, 201),
    });
    const user = userEvent.setup();
    renderWithProviders(<CommunityLinksPage />, { user: adminUser });
    const section = photosSection();

    await user.type(within(section).getByLabelText('Регион/Спот'), 'Карелия, р. Шуя');
    await user.selectOptions(within(section).getByLabelText('Месяц'), 'Август');
    await user.type(within(section).getByLabelText('Ссылка на папку'), 'https://disk.example/shuya-08');
    await user.click(within(section).getByRole('button', { name: 'Добавить папку' }));

    await within(section).findByText('Сохранено');
    expect(api.bodiesOf('POST /api/admin/photo-directories')).toEqual([
      { region: 'Карелия, р. Шуя', month: 8, organizer: '', link: 'https://disk.example/shuya-08' },
    ]);
  });

  it('shows a user no editors and asks the server nothing', () => {
    const api = stubLinksApi();
    renderWithProviders(<CommunityLinksPage />, { user: plainUser });
    expect(screen.getByText('Раздел доступен только администраторам')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Добавить календарь' })).not.toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });
});
