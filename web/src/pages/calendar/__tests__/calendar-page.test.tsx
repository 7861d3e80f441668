import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TCalendarLink } from '#contract/calendar';
import { stubApi } from '@/test/fake-api';
import { jsonResponse, plainUser, renderWithProviders } from '@/test/render';
import { CalendarPage } from '../calendar-page';

const karelia: TCalendarLink = { buttonText: 'Сплавы Карелии', link: 'https://calendar.example/karelia' };
const altai: TCalendarLink = { buttonText: 'Алтай: экспедиции', link: 'https://calendar.example/altai' };
const NOTE = '* Для создания события используйте кнопку "Добавить событие" календаря';
const CONNECTING = 'Соединяемся с сервером, скоро коннект';

const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('CalendarPage', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the text, a button per calendar in the order given, and the note', async () => {
    stubApi({ 'GET /api/calendar/links': () => jsonResponse([karelia, altai]) });
    renderWithProviders(<CalendarPage />, { user: plainUser });

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('КАЛЕНДАРЬ');
    expect(screen.getByText(/посмотреть события или создать свое/)).toBeInTheDocument();
    await screen.findByRole('button', { name: karelia.buttonText });
    const buttons = screen.getAllByRole('button').filter((button) => button.textContent !== '');
    expect(buttons.map((button) => button.textContent)).toEqual(['Сплавы Карелии', 'Алтай: экспедиции']);
    expect(screen.getByText(NOTE)).toBeInTheDocument();
  });

  it('opens a calendar outside the app when its button is pressed', async () => {
    stubApi({ 'GET /api/calendar/links': () => jsonResponse([karelia, altai]) });
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithProviders(<CalendarPage />, { user: plainUser });

    await user.click(await screen.findByRole('button', { name: altai.buttonText }));
    expect(open).toHaveBeenCalledWith(altai.link, '_blank', 'noopener,noreferrer');
  });

  it('counts as loaded only with more than one calendar, asking again every 5 s until then', async () => {
    let answers = 0;
    const api = stubApi({
      'GET /api/calendar/links': () => {
        answers += 1;
        if (answers === 1) throw new TypeError('Failed to fetch');
        return jsonResponse(answers === 2 ? [karelia] : [karelia, altai]);
      },
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(<CalendarPage />, { user: plainUser });

    expect(await screen.findByText(CONNECTING)).toBeInTheDocument();
    await wait(5000);
    expect(api.callsTo('GET /api/calendar/links')).toHaveLength(2);
    expect(screen.getByText(CONNECTING)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: karelia.buttonText })).not.toBeInTheDocument();

    await wait(5000);
    expect(await screen.findByRole('button', { name: karelia.buttonText })).toBeInTheDocument();
    expect(screen.queryByText(CONNECTING)).not.toBeInTheDocument();
    await wait(60_000);
    expect(api.callsTo('GET /api/calendar/links')).toHaveLength(3);
  });
});
