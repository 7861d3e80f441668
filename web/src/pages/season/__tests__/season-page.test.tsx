import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TSeasonResponse } from '#contract/reports';
import { stubApi } from '@/test/fake-api';
import { adminUser, jsonResponse, partnerUser, renderWithProviders } from '@/test/render';
import { ScreenAt } from '@/test/screens';
import { SeasonPage } from '../season-page';

const week = (monday: string, sold: number, redeemed: number) => ({
  week: monday,
  sold,
  redeemed,
  refunded: 0,
  expired: 0,
  takenSum: sold * 100,
  refundedSum: 0,
  discountSum: redeemed * 400,
});

const SEASON: TSeasonResponse = {
  totals: {
    sold: 5,
    redeemed: 3,
    refunded: 0,
    expired: 0,
    takenSum: 500,
    refundedSum: 0,
    discountSum: 1200,
  },
  weeks: [week('2026-06-29', 2, 1), week('2026-07-06', 3, 2)],
  partners: [
    {
      partnerId: 2,
      companyName: 'Прокат «Байдарка»',
      region: 'Алтай',
      redeemed: 3,
      rating: { average: 4.5, count: 4 },
    },
    { partnerId: 1, companyName: 'Рафт-школа «Порог»', region: 'Карелия', redeemed: 0, rating: null },
  ],
  funnel: { opened: 40, bought: 10, redeemed: 3 },
};

describe('SeasonPage', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-07-08T09:00:00.000Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('tells anyone but an admin that only admins see it, without asking the server', () => {
    const api = stubApi({});
    renderWithProviders(<SeasonPage />, { user: partnerUser });
    expect(screen.getByText('Сезон в цифрах видят только администраторы')).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('shows the season since May: totals, weeks in words, the funnel and the partners ranked', async () => {
    stubApi({ 'GET /api/admin/season?from=2026-05-01&to=2026-07-08': () => jsonResponse(SEASON) });
    renderWithProviders(<ScreenAt screens={{ '/season': <SeasonPage /> }} />, {
      route: '/season',
      user: adminUser,
    });

    const table = await screen.findByRole('table', { name: 'По неделям' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('rowheader', { name: '06.07–08.07' })).toBeInTheDocument();
    const totals = screen
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(totals).toEqual([
      'Продано: 5 шт',
      'Погашено: 3 шт',
      'Возвращено: 0 шт',
      'Истекло: 0 шт',
      'Выручка: 500 руб',
      'Скидки: 1\u00a0200 руб',
    ]);

    const funnel = screen.getByText('Купили купон').closest('li') as HTMLElement;
    expect(funnel).toHaveTextContent('Купили купон10 чел.25% открывших');
    expect(screen.getByText('Погасили купон').closest('li')).toHaveTextContent('3 чел.8% открывших');

    const ranked = screen.getByText(/Байдарка/).closest('ol') as HTMLElement;
    expect(
      within(ranked)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Прокат «Байдарка» · АлтайПогашено: 3 штОценка 4,5 из 5 (4 оценки)',
      'Рафт-школа «Порог» · КарелияПогашено: 0 штОценок пока мало',
    ]);
  });

  it('takes its period from the address, as the settlement screen opens it', async () => {
    const api = stubApi({
      'GET /api/admin/season?from=2026-07-01&to=2026-07-08': () => jsonResponse(SEASON),
    });
    renderWithProviders(<ScreenAt screens={{ '/season': <SeasonPage /> }} />, {
      route: '/season?from=2026-07-01&to=2026-07-08',
      user: adminUser,
    });
    await screen.findByRole('table', { name: 'По неделям' });
    expect(api.callsTo('GET /api/admin/season?from=2026-07-01&to=2026-07-08')).toHaveLength(1);
  });
});
