import type { Page } from '@playwright/test';
import type { TSeasonResponse, TWeekFigures, TWeeklyReport } from '#contract/reports';
import { weeksOf } from '#contract/weeks';
import { DEMO } from '../support/constants.ts';
import { themesToWalk } from '../support/looks.ts';
import { apiAs, buyCoupon, DEMO_COMPANY } from '../support/purchases.ts';
import { openAsTelegram } from '../support/telegram.ts';
import { expect, test } from '../support/test.ts';

/** The season so far as the season screen opens on it: from the 1st of May to today in Moscow. */
function seasonSoFar() {
  const to = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(new Date());
  const year = Number(to.slice(0, 4));
  return { from: `${to.slice(5) >= '05-01' ? year : year - 1}-05-01`, to };
}

/**
 * A season's weeks as a busy summer would have them, for the charts: rising to July, falling in
 * autumn, with a refund and an expiry here and there and an empty week (a flood closed the river).
 */
function busyWeeks(from: string, to: string, scale = 1): TWeekFigures[] {
  return weeksOf(from, to).map((week, index, all) => {
    const peak = Math.round(all.length / 2);
    const sold = index === 3 ? 0 : Math.max(1, Math.round((12 - Math.abs(index - peak) * 1.6) * scale));
    const redeemed = Math.max(0, Math.round(sold * 0.7) - (index % 3));
    return {
      week,
      sold,
      redeemed,
      refunded: index % 4 === 1 ? 1 : 0,
      expired: index % 5 === 2 ? Math.ceil(scale) : 0,
      takenSum: sold * 150,
      refundedSum: index % 4 === 1 ? 150 : 0,
      discountSum: redeemed * 1000,
    };
  });
}

const query = (url: string) => {
  const search = new URL(url).searchParams;
  return { from: search.get('from') ?? '', to: search.get('to') ?? '' };
};

/** Answers the report screens' weeks and the season with a busy summer's figures. */
async function showBusySummer(page: Page) {
  await page.route('**/api/reports/weekly?*', async (route) => {
    const { from, to } = query(route.request().url());
    const report: TWeeklyReport = {
      weeks: busyWeeks(from, to, 2),
      offers: [
        {
          couponId: 1,
          partnerId: 1,
          companyName: DEMO_COMPANY,
          discount: 1000,
          price: 150,
          weeks: busyWeeks(from, to),
          stock: null,
        },
        {
          couponId: 2,
          partnerId: 1,
          companyName: DEMO_COMPANY,
          discount: 3000,
          price: 450,
          weeks: busyWeeks(from, to),
          stock: null,
        },
      ],
    };
    await route.fulfill({ json: report });
  });
  await page.route('**/api/admin/season?*', async (route) => {
    const { from, to } = query(route.request().url());
    const weeks = busyWeeks(from, to, 3);
    const sum = (key: keyof Omit<TWeekFigures, 'week'>) =>
      weeks.reduce((total, week) => total + week[key], 0);
    const season: TSeasonResponse = {
      totals: {
        sold: sum('sold'),
        redeemed: sum('redeemed'),
        refunded: sum('refunded'),
        expired: sum('expired'),
        takenSum: sum('takenSum'),
        refundedSum: sum('refundedSum'),
        discountSum: sum('discountSum'),
      },
      weeks,
      partners: [
        {
          partnerId: 1,
          companyName: DEMO_COMPANY,
          region: 'Карелия',
          redeemed: 212,
          rating: { average: 4.7, count: 58 },
        },
        {
          partnerId: 2,
          companyName: 'Прокат снаряжения «Байдарка и катамаран»',
          region: 'Республика Алтай',
          redeemed: 97,
          rating: { average: 4.2, count: 21 },
        },
        {
          partnerId: 3,
          companyName: 'Клуб «Ладога»',
          region: 'Ленинградская область',
          redeemed: 4,
          rating: null,
        },
      ],
      funnel: { opened: 1843, bought: 396, redeemed: 288 },
    };
    await route.fulfill({ json: season });
  });
}

test.describe('the season in figures', () => {
  test('a purchase shows in the settlement’s weeks and the season at once', async ({ page, request }) => {
    const admin = apiAs(request, DEMO.admin);
    const period = seasonSoFar();
    const before = await admin.get<TSeasonResponse>(`/api/admin/season?${new URLSearchParams(period)}`);
    await buyCoupon(request, DEMO.member);

    await openAsTelegram(page, DEMO.admin, { path: '/season' });
    await expect(page.getByRole('heading', { level: 1, name: 'СЕЗОН В ЦИФРАХ' })).toBeVisible();
    const totals = page.locator('.report-totals');
    await expect(totals.getByText(`${before.totals.sold + 1} шт`).first()).toBeVisible();
    // The admin opened the app today, so the funnel has at least one person at its start.
    const opened = page.locator('.funnel__step').first();
    await expect(opened).toContainText('Открыли приложение');
    await expect(opened).not.toContainText(/приложение0 чел/);
    // What the bars draw, a screen reader reads in the table.
    await expect(page.getByRole('table', { name: 'По неделям' })).toBeAttached();

    // The partner sees the season's weeks only through their own report.
    await openAsTelegram(page, DEMO.partner, { path: '/season' });
    await expect(page.getByText('Сезон в цифрах видят только администраторы')).toBeVisible();
    await expect(
      apiAs(request, DEMO.partner).get(`/api/admin/season?${new URLSearchParams(period)}`),
    ).rejects.toThrow(/: 403 /);
  });
});

test.describe('the season’s charts', () => {
  for (const theme of themesToWalk('season charts')) {
    test(`every chart of a busy summer at a phone's width, ${theme}`, async ({ page }) => {
      await showBusySummer(page);

      await openAsTelegram(page, DEMO.admin, { path: '/season?from=2026-05-01&to=2026-09-30', theme });
      await expect(page.getByRole('heading', { name: 'ИТОГО' })).toBeVisible();
      const section = (title: string) =>
        page.locator('section', { has: page.getByRole('heading', { name: title }) });
      for (const title of ['ПО НЕДЕЛЯМ', 'ОТ ОТКРЫТИЯ ДО ПОГАШЕНИЯ', 'ПАРТНЕРЫ ПО ПОГАШЕНИЯМ']) {
        await expect(section(title)).toBeVisible();
      }

      await openAsTelegram(page, DEMO.admin, { path: '/settlement', theme });
      await expect(section('ПО НЕДЕЛЯМ')).toBeVisible();
      await page.getByLabel('Купон').selectOption({ index: 2 });
      await expect(section('ПО НЕДЕЛЯМ')).toBeVisible();

      await openAsTelegram(page, DEMO.partner, { path: '/redemption-report', theme });
      await expect(section('ПО НЕДЕЛЯМ')).toBeVisible();
    });
  }
});
