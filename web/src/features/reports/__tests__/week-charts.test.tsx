import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TWeekFigures, TWeeklyOffer, TWeeklyReport } from '#contract/reports';
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
  const unlimited: TWeeklyOffer = {
    couponId: 7,
    partnerId: 1,
    companyName: 'Шуя',
    discount: 1000,
    price: 250,
    weeks: [week('2026-06-01'), week('2026-06-08', { sold: 6, takenSum: 1500 }), week('2026-06-15')],
    stock: null,
  };
  const report: TWeeklyReport = { weeks: WEEKS, offers: [unlimited] };

  /** Two limited offers: one sold in the period, one on sale with nothing in it yet. */
  const limited: TWeeklyReport = {
    weeks: WEEKS,
    offers: [
      {
        couponId: 8,
        partnerId: 1,
        companyName: 'Шуя',
        discount: 500,
        price: 50,
        weeks: [week('2026-06-08', { sold: 12, takenSum: 600 })],
        stock: { quantity: 20, sold: 12, held: 3, left: 1, inLine: 4 },
      },
      {
        couponId: 9,
        partnerId: 2,
        companyName: 'Порог',
        discount: 1000,
        price: 100,
        weeks: [],
        stock: { quantity: 10, sold: 0, held: 0, left: 10, inLine: 0 },
      },
      unlimited,
    ],
  };

  const stockLines = () => screen.getAllByRole('listitem').map((item) => item.textContent);

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

  it('says a chosen limited offer’s units now above its charts, as the offer card says them', () => {
    render(<WeeklySection report={limited} period={PERIOD} withCompany />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Купон' }), { target: { value: '8' } });
    expect(screen.getByRole('heading', { name: 'Остатки сейчас' })).toBeVisible();
    expect(stockLines()).toEqual(['Продано 12 · отложено 3 · осталось 1 из 20 · в очереди 4']);
    // An unlimited offer has no units to count: no line.
    fireEvent.change(screen.getByRole('combobox', { name: 'Купон' }), { target: { value: '7' } });
    expect(screen.queryByRole('heading', { name: 'Остатки сейчас' })).toBeNull();
    expect(screen.queryAllByRole('listitem')).toEqual([]);
  });

  it('lists every limited offer’s line, named, with «Все купоны», one with nothing in the period too', () => {
    render(<WeeklySection report={limited} period={PERIOD} withCompany />);
    expect(stockLines()).toEqual([
      'Шуя: скидка 500 руб за 50 рубПродано 12 · отложено 3 · осталось 1 из 20 · в очереди 4',
      'Порог: скидка 1\u00a0000 руб за 100 рубПродано 0 · отложено 0 · осталось 10 из 10 · в очереди 0',
    ]);
    const first = screen.getAllByRole('listitem')[0] as HTMLElement;
    expect(within(first).getByText('Продано 12 · отложено 3 · осталось 1 из 20 · в очереди 4')).toBeVisible();
  });
});
