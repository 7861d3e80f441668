import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TRedemptionReport } from '#contract/reports';
import type { TUserState } from '@/features/session/user-state';
import { type FakeRoute, stubApi, withFallback } from '@/test/fake-api';
import {
  adminUser,
  jsonResponse,
  partnerUser,
  plainUser,
  renderWithProviders,
  staffUser,
} from '@/test/render';
import { RedemptionReportPage } from '../redemption-report-page';

const POROG = { id: 1, companyName: 'Рафт-школа «Порог»', region: 'Карелия' };
const BAIDARKA = { id: 2, companyName: 'Прокат «Байдарка»', region: 'Алтай' };
// «Today» is 17 July 2026 in Moscow: the report opens on 1–17 July.
const JULY = 'from=2026-07-01&to=2026-07-17';

const REPORT: TRedemptionReport = {
  rows: [
    {
      redeemedAt: '2026-07-05T08:15:00.000Z',
      purchasedCouponId: '3f0c8a52-9a1e-4c55-8f7e-2b1d6c9e0a11',
      companyName: 'Рафт-школа «Порог»',
      discount: 750,
      price: 5000,
      buyer: '@demo_member',
      redeemedBy: '@staff_sveta',
      rating: 5,
      comment: 'Отличный инструктор, все понятно объяснили.',
      ratingId: 9,
    },
  ],
  totals: { count: 1, discountSum: 750, priceSum: 5000 },
};
const EMPTY: TRedemptionReport = { rows: [], totals: { count: 0, discountSum: 0, priceSum: 0 } };

/** The weeks' side request, answered with nothing where a test is not about it. */
const NO_WEEKS = { weeks: [], offers: [] };

function renderReport(
  routes: Record<string, FakeRoute>,
  user: TUserState = staffUser,
  route = '/redemption-report',
) {
  const api = stubApi(withFallback(routes, 'GET /api/reports/weekly?', () => jsonResponse(NO_WEEKS)));
  renderWithProviders(<RedemptionReportPage />, { route, user });
  return api;
}

describe('RedemptionReportPage', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-07-17T09:00:00.000Z'));
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('tells a user who is neither partner, staff nor admin that the report is not theirs', () => {
    const api = stubApi({});
    renderWithProviders(<RedemptionReportPage />, { user: plainUser });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('ОТЧЕТ О ПОГАШЕНИЯХ');
    expect(
      screen.getByText('Отчет о погашениях видят партнеры, их сотрудники и администраторы'),
    ).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('shows a staff member their company’s redemptions this month, with the totals', async () => {
    renderReport({
      'GET /api/reports/partners': () => jsonResponse([POROG]),
      [`GET /api/reports/redemptions?${JULY}&partnerId=1`]: () => jsonResponse(REPORT),
    });

    expect(await screen.findByText('05.07.2026 11:15 по Москве')).toBeInTheDocument();
    expect(screen.getByText('Рафт-школа «Порог»')).toBeInTheDocument();
    expect(screen.getByLabelText('С')).toHaveValue('2026-07-01');
    expect(screen.getByLabelText('По')).toHaveValue('2026-07-17');
    const totals = screen.getAllByRole('definition').map((value) => value.textContent);
    expect(totals).toEqual(['1', '750', '5\u00a0000']);
    expect(screen.getByText('Скидка 750 руб · цена 5000 руб')).toBeInTheDocument();
    expect(screen.getByText('@demo_member · погасил @staff_sveta')).toBeInTheDocument();
    expect(screen.getByText('Оценка покупателя: 5 из 5')).toBeInTheDocument();
    expect(screen.getByText('Отличный инструктор, все понятно объяснили.')).toBeInTheDocument();
    // Hiding a comment is the admin's.
    expect(screen.queryByRole('button', { name: 'Скрыть отзыв' })).not.toBeInTheDocument();
    // Naming staff is the spokesman's, not a staff member's.
    expect(screen.queryByRole('button', { name: 'СОТРУДНИКИ' })).not.toBeInTheDocument();
  });

  it('says the list holds the newest redemptions only when the period has more, and where the rest are', async () => {
    renderReport({
      'GET /api/reports/partners': () => jsonResponse([POROG]),
      [`GET /api/reports/redemptions?${JULY}&partnerId=1`]: () =>
        jsonResponse({ ...REPORT, totals: { count: 1234, discountSum: 925_500, priceSum: 6_170_000 } }),
    });
    expect((await screen.findByText(/Здесь последние/)).textContent).toBe(
      'Здесь последние 1 из 1\u00a0234: все погашения — в выгрузке CSV',
    );
  });

  it('asks again for the period typed, and not at all for a period that ends before it starts', async () => {
    const api = renderReport({
      'GET /api/reports/partners': () => jsonResponse([POROG]),
      [`GET /api/reports/redemptions?${JULY}&partnerId=1`]: () => jsonResponse(REPORT),
      'GET /api/reports/redemptions?from=2026-06-01&to=2026-07-17&partnerId=1': () => jsonResponse(EMPTY),
    });
    await screen.findByText('05.07.2026 11:15 по Москве');

    fireEvent.change(screen.getByLabelText('С'), { target: { value: '2026-06-01' } });
    expect(await screen.findByText('За этот период погашений нет')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('С'), { target: { value: '2026-08-01' } });
    expect(screen.getByRole('alert')).toHaveTextContent('Начало периода позже конца');
    expect(screen.getByRole('button', { name: 'ВЫГРУЗИТЬ CSV' })).toBeDisabled();
    expect(api.fetchMock.mock.calls.some(([url]) => String(url).includes('from=2026-08-01'))).toBe(false);
  });

  it('lets an admin read any partner’s report, starting with the one and the period in the address', async () => {
    const user = userEvent.setup();
    renderReport(
      {
        'GET /api/reports/partners': () => jsonResponse([POROG, BAIDARKA]),
        'GET /api/reports/redemptions?from=2026-06-01&to=2026-06-30&partnerId=2': () => jsonResponse(EMPTY),
        'GET /api/reports/redemptions?from=2026-06-01&to=2026-06-30&partnerId=1': () => jsonResponse(REPORT),
      },
      adminUser,
      '/redemption-report?partnerId=2&from=2026-06-01&to=2026-06-30',
    );

    expect(await screen.findByText('За этот период погашений нет')).toBeInTheDocument();
    expect(screen.getByLabelText('Партнер')).toHaveValue('2');
    await user.selectOptions(screen.getByLabelText('Партнер'), 'Рафт-школа «Порог» · Карелия');
    expect(await screen.findByText('05.07.2026 11:15 по Москве')).toBeInTheDocument();
  });

  it('lets an admin hide a buyer’s comment, and shows the report without it', async () => {
    const user = userEvent.setup();
    let hidden = false;
    const api = renderReport(
      {
        'GET /api/reports/partners': () => jsonResponse([POROG]),
        [`GET /api/reports/redemptions?${JULY}&partnerId=1`]: () =>
          jsonResponse(
            hidden ? { ...REPORT, rows: REPORT.rows.map((row) => ({ ...row, comment: null })) } : REPORT,
          ),
        'POST /api/admin/ratings/9/hide-comment': () => {
          hidden = true;
          return jsonResponse('ok');
        },
      },
      adminUser,
    );
    await user.click(await screen.findByRole('button', { name: 'Скрыть отзыв' }));
    await vi.waitFor(() =>
      expect(screen.queryByText('Отличный инструктор, все понятно объяснили.')).not.toBeInTheDocument(),
    );
    expect(screen.getByText('Оценка покупателя: 5 из 5')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/ratings/9/hide-comment')).toHaveLength(1);
  });

  it('offers the spokesman the way to the company’s staff', async () => {
    renderReport(
      {
        'GET /api/reports/partners': () => jsonResponse([POROG]),
        [`GET /api/reports/redemptions?${JULY}&partnerId=1`]: () => jsonResponse(REPORT),
      },
      partnerUser,
    );
    expect(await screen.findByRole('button', { name: 'СОТРУДНИКИ' })).toBeInTheDocument();
  });

  it('downloads the CSV through a signed link in a browser', async () => {
    sessionStorage.setItem('katajsya.standInInitData', 'user=%7B%22id%22%3A1%7D&hash=x');
    const bodies: unknown[] = [];
    renderReport({
      'GET /api/reports/partners': () => jsonResponse([POROG]),
      [`GET /api/reports/redemptions?${JULY}&partnerId=1`]: () => jsonResponse(REPORT),
      'POST /api/exports/link': (init) => {
        bodies.push(JSON.parse(String(init.body)));
        return jsonResponse({
          url: '/api/exports/file?token=abc.def',
          fileName: 'pogasheniya_01.07.2026-17.07.2026.csv',
        });
      },
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await screen.findByText('05.07.2026 11:15 по Москве');

    fireEvent.click(screen.getByRole('button', { name: 'ВЫГРУЗИТЬ CSV' }));

    expect(await screen.findByText('Файл CSV скачивается')).toBeInTheDocument();
    expect(bodies).toEqual([{ report: 'redemptions', from: '2026-07-01', to: '2026-07-17', partnerId: 1 }]);
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.href).toBe(`${window.location.origin}/api/exports/file?token=abc.def`);
    expect(link.download).toBe('pogasheniya_01.07.2026-17.07.2026.csv');
    click.mockRestore();
  });

  it('shows the server’s refusal of an export', async () => {
    sessionStorage.setItem('katajsya.standInInitData', 'user=%7B%22id%22%3A1%7D&hash=x');
    renderReport({
      'GET /api/reports/partners': () => jsonResponse([POROG]),
      [`GET /api/reports/redemptions?${JULY}&partnerId=1`]: () => jsonResponse(REPORT),
      'POST /api/exports/link': () =>
        jsonResponse({ error: 'not_your_report', message: 'Это отчет другого партнера' }, 403),
    });
    await screen.findByText('05.07.2026 11:15 по Москве');
    fireEvent.click(screen.getByRole('button', { name: 'ВЫГРУЗИТЬ CSV' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Это отчет другого партнера');
    expect(within(screen.getByRole('alert')).queryByText('Файл CSV скачивается')).not.toBeInTheDocument();
  });
});
