import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TWeekFigures, TWeeklyReport } from '#contract/reports';
import { WeekCharts, WeeklySection } from '../components/week-charts';

const week = (monday: string, figures: Partial<TWeekFigures> = {}): TWeekFigures => ({
  week: monday,
  sold: 0,
  redeemed: 0,
  refunded: 0,
  expired: 0,
  takenSum: 0,
  refundedSum: 0,
  discountSum: 0,
  ...figures,
});

/** Wednesday 3 to Wednesday 17 June: the first and the last week cut by it. */
const PERIOD = { from: '2026-06-03', to: '2026-06-17' };

const WEEKS = [
  week('2026-06-01', { sold: 2, takenSum: 350, redeemed: 1, discountSum: 400 }),
  week('2026-06-08', { sold: 12, takenSum: 1500, refunded: 1, refundedSum: 250 }),
  week('2026-06-15', { expired: 1 }),
];

/** The table's rows as a screen reader reads them: each cell's words, row by row. */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('WeekCharts', () => {
  it('gives screen readers every week in a table (its days in the period), with units, while the bars are hidden from them', () => {
    render(<WeekCharts weeks={WEEKS} period={PERIOD} />);
    const table = screen.getByRole('table', { name: 'По неделям' });
    expect(rowsOf(table)).toEqual([
      ['Неделя', 'Продано', 'Погашено', 'Возвращено', 'Истекло', 'Выручка', 'Возвращено денег', 'Скидки'],
      ['03.06–07.06', '2 шт', '1 шт', '0 шт', '0 шт', '350 руб', '0 руб', '400 руб'],
      ['08.06–14.06', '12 шт', '0 шт', '1 шт', '0 шт', '1\u00a0500 руб', '250 руб', '0 руб'],
      ['15.06–17.06', '0 шт', '0 шт', '0 шт', '1 шт', '0 руб', '0 руб', '0 руб'],
    ]);
    // The drawn charts are not read out twice: everything they say is in the table.
    expect(screen.queryAllByRole('figure')).toEqual([]);
  });

  it('draws a bar a week per figure, the highest week full height, each titled with its total', () => {
    const { container } = render(<WeekCharts weeks={WEEKS} period={PERIOD} />);
    const charts = container.querySelectorAll('.week-bars');
    expect([...charts].map((chart) => chart.querySelector('figcaption')?.textContent)).toEqual([
      'Продано14 шт',
      'Погашено1 шт',
      'Возвращено1 шт',
      'Истекло1 шт',
      'Выручка1\u00a0850 руб',
      'Скидки400 руб',
    ]);
    const sold = charts[0] as Element;
    expect(sold.querySelector('.week-bars__most')?.textContent).toBe('макс. 12 шт');
    const heights = [...sold.querySelectorAll('rect')].map((bar) => Number(bar.getAttribute('height')));
    expect(heights).toHaveLength(3);
    expect(heights[1]).toBe(58);
    expect(heights[0]).toBeCloseTo((2 / 12) * 58);
    expect(sold.querySelector('.week-bars__axis')?.textContent).toBe('03.0617.06');
  });
});

describe('WeeklySection', () => {
  const report: TWeeklyReport = {
    weeks: WEEKS,
    offers: [
      {
        couponId: 7,
        partnerId: 1,
        companyName: 'Шуя',
        discount: 1000,
        price: 250,
        weeks: [week('2026-06-01'), week('2026-06-08', { sold: 6, takenSum: 1500 }), week('2026-06-15')],
      },
    ],
  };

  it('shows one offer’s weeks when it is chosen, and all again', () => {
    render(<WeeklySection report={report} period={PERIOD} withCompany />);
    const table = () => screen.getByRole('table', { name: 'По неделям' });
    expect(rowsOf(table())[2]?.[1]).toBe('12 шт');
    const picker = screen.getByRole('combobox', { name: 'Купон' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Все купоны', 'Шуя: скидка 1\u00a0000 руб за 250 руб']);
    fireEvent.change(picker, { target: { value: '7' } });
    expect(rowsOf(table())[2]?.[1]).toBe('6 шт');
    fireEvent.change(picker, { target: { value: 'all' } });
    expect(rowsOf(table())[2]?.[1]).toBe('12 шт');
  });
});
