import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/test/fake-api';
import { jsonResponse, plainUser, renderWithProviders } from '@/test/render';
import { PhotoPage } from '../photo-page';

const SHUYA = 'Карелия, р. Шуя';

const photoRoutes = {
  'GET /api/directory/regions': () => jsonResponse([SHUYA, ' ', 'Алтай, р. Катунь']),
  [`GET /api/directory/partners/${SHUYA}/7`]: () => jsonResponse(['Рафт-школа «Порог»', 'Альфа-тур']),
  [`GET /api/directory/partners/${SHUYA}/8`]: () => jsonResponse([]),
  [`GET /api/directory/uri/${SHUYA}//7`]: () => jsonResponse({ link: 'https://disk.example/shuya-07' }),
  [`GET /api/directory/uri/${SHUYA}/Рафт-школа «Порог»/7`]: () =>
    jsonResponse({ link: 'https://disk.example/shuya-07-porog' }),
  [`GET /api/directory/uri/${SHUYA}//8`]: () => jsonResponse({ link: '' }),
};

const setupUser = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
const optionsOf = (label: string) =>
  Array.from((screen.getByLabelText(label) as HTMLSelectElement).options, (option) => option.text);

describe('PhotoPage', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('offers the regions sorted without empty ones, and the months in their order', async () => {
    stubApi(photoRoutes);
    renderWithProviders(<PhotoPage />, { user: plainUser });

    expect(await screen.findByRole('heading', { name: 'ОБМЕН ФОТО' })).toBeInTheDocument();
    await screen.findByLabelText('Регион/Спот');
    expect(optionsOf('Регион/Спот')).toEqual(['Выберите регион или спот', 'Алтай, р. Катунь', SHUYA]);
    expect(optionsOf('Месяц')).toEqual(['Выберите месяц', 'Июль', 'Август', 'Сентябрь', 'Октябрь']);
    expect(screen.getByText('*необязательно')).toBeInTheDocument();
    expect(screen.getByLabelText('Организатор')).toBeDisabled();
  });

  it('asks for region and month before looking anything up', async () => {
    const api = stubApi(photoRoutes);
    const user = setupUser();
    renderWithProviders(<PhotoPage />, { user: plainUser });

    await user.click(await screen.findByRole('button', { name: 'Получить ссылку' }));
    expect(screen.getByText('Нужно указать как минимум регион и месяц!')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Регион/Спот'), SHUYA);
    await user.click(screen.getByRole('button', { name: 'Получить ссылку' }));
    expect(screen.getByText('Нужно указать как минимум регион и месяц!')).toBeInTheDocument();
    expect(api.fetchMock.mock.calls.some(([input]) => String(input).includes('/uri/'))).toBe(false);
  });

  it('shows the region-wide link, asked for with the empty organizer segment', async () => {
    const api = stubApi(photoRoutes);
    const user = setupUser();
    renderWithProviders(<PhotoPage />, { user: plainUser });

    await user.selectOptions(await screen.findByLabelText('Регион/Спот'), SHUYA);
    await user.selectOptions(screen.getByLabelText('Месяц'), 'Июль');
    await user.click(screen.getByRole('button', { name: 'Получить ссылку' }));

    const link = await screen.findByRole('link', { name: 'https://disk.example/shuya-07' });
    expect(link).toHaveAttribute('href', 'https://disk.example/shuya-07');
    expect(api.fetchMock).toHaveBeenCalledWith(
      '/api/directory/uri/%D0%9A%D0%B0%D1%80%D0%B5%D0%BB%D0%B8%D1%8F%2C%20%D1%80.%20%D0%A8%D1%83%D1%8F//7',
      expect.anything(),
    );

    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    await user.click(link);
    expect(open).toHaveBeenCalledWith('https://disk.example/shuya-07', '_blank', 'noopener,noreferrer');
  });

  it("offers that month's organizers, sorted, and finds an organizer's directory", async () => {
    stubApi(photoRoutes);
    const user = setupUser();
    renderWithProviders(<PhotoPage />, { user: plainUser });

    await user.selectOptions(await screen.findByLabelText('Регион/Спот'), SHUYA);
    await user.selectOptions(screen.getByLabelText('Месяц'), 'Июль');
    await vi.waitFor(() => expect(screen.getByLabelText('Организатор')).toBeEnabled());
    expect(optionsOf('Организатор')).toEqual(['Без организатора', 'Альфа-тур', 'Рафт-школа «Порог»']);

    await user.selectOptions(screen.getByLabelText('Организатор'), 'Рафт-школа «Порог»');
    await user.click(screen.getByRole('button', { name: 'Получить ссылку' }));
    expect(
      await screen.findByRole('link', { name: 'https://disk.example/shuya-07-porog' }),
    ).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Месяц'), 'Август');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Организатор')).toHaveValue('');
  });

  it('says «Такой директории нет» for an empty link', async () => {
    stubApi(photoRoutes);
    const user = setupUser();
    renderWithProviders(<PhotoPage />, { user: plainUser });

    await user.selectOptions(await screen.findByLabelText('Регион/Спот'), SHUYA);
    await user.selectOptions(screen.getByLabelText('Месяц'), 'Август');
    await user.click(screen.getByRole('button', { name: 'Получить ссылку' }));
    expect(await screen.findByText('Такой директории нет')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('asks for the regions again every 5 s until at least one arrives', async () => {
    let answers = 0;
    const api = stubApi({
      ...photoRoutes,
      'GET /api/directory/regions': () => {
        answers += 1;
        if (answers === 1) throw new TypeError('Failed to fetch');
        return jsonResponse(answers === 2 ? [] : [SHUYA]);
      },
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(<PhotoPage />, { user: plainUser });

    expect(await screen.findByText('Соединяемся с сервером, скоро коннект')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(screen.getByText('Соединяемся с сервером, скоро коннект')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(await screen.findByLabelText('Регион/Спот')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(api.callsTo('GET /api/directory/regions')).toHaveLength(3);
  });
});
