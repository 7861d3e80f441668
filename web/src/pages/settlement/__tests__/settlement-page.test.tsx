import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TSettlementRow } from '#contract/reports';
import { type FakeRoute, stubApi, withFallback } from '@/test/fake-api';
import { adminUser, jsonResponse, partnerUser, renderWithProviders } from '@/test/render';
import { ScreenAt } from '@/test/screens';
import { SettlementPage } from '../settlement-page';

const JULY = 'GET /api/admin/settlement?from=2026-07-01&to=2026-07-17';

const row = (partnerId: number, companyName: string, region: string, scale: number): TSettlementRow => ({
  partnerId,
  companyName,
  region,
  sold: { count: 4 * scale, sum: 20000 * scale },
  redeemed: { count: 2 * scale, sum: 10000 * scale },
  refunded: { count: scale, sum: 5000 * scale },
  open: { count: scale, sum: 5000 * scale },
});
const ROWS = [row(1, 'Рафт-школа «Порог»', 'Карелия', 1), row(2, 'Прокат «Байдарка»', 'Алтай', 2)];

/** The weeks' side request, answered with nothing where a test is not about it. */
const NO_WEEKS = { weeks: [], offers: [] };

function renderSettlement(routes: Record<string, FakeRoute>) {
  const api = stubApi(withFallback(routes, 'GET /api/reports/weekly?', () => jsonResponse(NO_WEEKS)));
  renderWithProviders(<ScreenAt screens={{ '/settlement': <SettlementPage /> }} />, {
    route: '/settlement',
    user: adminUser,
  });
  return api;
}

const figures = (element: HTMLElement) =>
  within(element)
    .getAllByRole('term')
    .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);

describe('SettlementPage', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-07-17T09:00:00.000Z'));
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('tells anyone but an admin that only admins see the settlement, without asking the server', () => {
    const api = stubApi({});
    renderWithProviders(<SettlementPage />, { user: partnerUser });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('СВЕРКА С ПАРТНЕРАМИ');
    expect(screen.getByText('Сверку с партнерами видят только администраторы')).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('shows this month per partner and in total', async () => {
    renderSettlement({ [JULY]: () => jsonResponse(ROWS) });

    const porog = await screen.findByRole('article', { name: 'Рафт-школа «Порог»' });
    expect(figures(porog)).toEqual([
      'Продано: 4 шт20\u00a0000 руб',
      'Погашено: 2 шт10\u00a0000 руб',
      'Возвращено: 1 шт5\u00a0000 руб',
      'Открыто: 1 шт5\u00a0000 руб',
    ]);
    const total = screen.getByRole('heading', { name: 'ИТОГО' }).closest('section') as HTMLElement;
    expect(figures(total)).toEqual([
      'Продано: 12 шт60\u00a0000 руб',
      'Погашено: 6 шт30\u00a0000 руб',
      'Возвращено: 3 шт15\u00a0000 руб',
      'Открыто: 3 шт15\u00a0000 руб',
    ]);
  });

  it('asks for the period typed', async () => {
    const api = renderSettlement({
      [JULY]: () => jsonResponse(ROWS),
      // The first day changes before the last.
      'GET /api/admin/settlement?from=2026-06-01&to=2026-07-17': () => jsonResponse(ROWS),
      'GET /api/admin/settlement?from=2026-06-01&to=2026-06-30': () => jsonResponse([]),
    });
    await screen.findByRole('article', { name: 'Рафт-школа «Порог»' });

    fireEvent.change(screen.getByLabelText('С'), { target: { value: '2026-06-01' } });
    fireEvent.change(screen.getByLabelText('По'), { target: { value: '2026-06-30' } });

    expect(await screen.findByText('Партнеров пока нет')).toBeInTheDocument();
    expect(api.callsTo('GET /api/admin/settlement?from=2026-06-01&to=2026-06-30')).toHaveLength(1);
  });

  it('opens a partner’s redemptions for the same period', async () => {
    renderSettlement({ [JULY]: () => jsonResponse(ROWS) });
    await screen.findByRole('article', { name: 'Прокат «Байдарка»' });

    fireEvent.click(
      within(screen.getByRole('article', { name: 'Прокат «Байдарка»' })).getByRole('button', {
        name: 'Погашения партнера',
      }),
    );
    expect(await screen.findByTestId('where')).toHaveTextContent(
      '/redemption-report?partnerId=2&from=2026-07-01&to=2026-07-17',
    );
  });

  it('exports the settlement of the period', async () => {
    sessionStorage.setItem('katajsya.standInInitData', 'user=%7B%22id%22%3A1%7D&hash=x');
    const bodies: unknown[] = [];
    renderSettlement({
      [JULY]: () => jsonResponse(ROWS),
      'POST /api/exports/link': (init) => {
        bodies.push(JSON.parse(String(init.body)));
        return jsonResponse({ url: '/api/exports/file?token=t', fileName: 'sverka.csv' });
      },
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await screen.findByRole('article', { name: 'Рафт-школа «Порог»' });

    fireEvent.click(screen.getByRole('button', { name: 'ВЫГРУЗИТЬ CSV' }));

    expect(await screen.findByText('Файл CSV скачивается')).toBeInTheDocument();
    expect(bodies).toEqual([{ report: 'settlement', from: '2026-07-01', to: '2026-07-17' }]);
    expect(click).toHaveBeenCalledOnce();
    click.mockRestore();
  });
});
