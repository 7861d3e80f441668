import type { Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { CONSENT, PAY, showOffersOf } from '../support/buying.ts';
import { E2E_STAND_IN_URL } from '../support/constants.ts';
import { themesToWalk, untilStill } from '../support/looks.ts';
import { DEMO_COMPANY, DEMO_REGION } from '../support/purchases.ts';
import { SERVER_START_BOUND_MS, startServer } from '../support/server.ts';
import { expect, test } from '../support/test.ts';

const DEMO_OFFER = 'СКИДКА ПАРТНЕРА 1000руб Цена:150руб';

/** Back to the picker: the tab forgets its launch (Telegram's or MAX's), kept in sessionStorage. */
async function picker(page: Page) {
  if (page.url().startsWith(E2E_STAND_IN_URL)) await page.evaluate(() => sessionStorage.clear());
  await page.goto(E2E_STAND_IN_URL);
  await expect(page.getByRole('heading', { name: 'Войти как…' })).toBeVisible();
}

// `npm start` without MAX_BOT_TOKEN: the stand-in opens each demo person in Telegram or in a local
// MAX, whose bot's chat it shows beside Telegram's.
test.describe('the local stand-in plays MAX too', () => {
  let stopServer: () => Promise<void>;

  test.beforeAll(async () => {
    test.setTimeout(SERVER_START_BOUND_MS + 30_000);
    stopServer = await startServer(E2E_STAND_IN_URL, { BOT_GROUP_SECONDS: '2' });
  });

  test.afterAll(async () => {
    await stopServer?.();
  });

  for (const scheme of themesToWalk('stand-in in MAX')) {
    test(`the picker opens a person in MAX, ${scheme}`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await picker(page);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`picker-${scheme}.png`) });
      await page.getByRole('button', { name: 'Открыть в MAX: Участник чата' }).click();
      await expect(page.getByText('КАТАЙСЯ С НАМИ')).toBeVisible();
      await expect(page.getByRole('button', { name: 'СКИДКИ ПАРТНЕРОВ' })).toBeVisible();
      await untilStill(page);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`max-home-${scheme}.png`) });
    });
  }

  test('bought in MAX, the QR in «Чат с ботом в MAX», redeemed by a partner in Telegram', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    await picker(page);
    await page.getByRole('button', { name: 'Открыть в MAX: Участник чата' }).click();
    await expect(page.getByText('КАТАЙСЯ С НАМИ')).toBeVisible();
    await page.goto(`${E2E_STAND_IN_URL}/buy-coupons`);
    await showOffersOf(page, { region: DEMO_REGION, partnerType: 'ШКОЛА', companyName: DEMO_COMPANY });
    await page.getByRole('button', { name: DEMO_OFFER }).click();
    await page.getByRole('checkbox', { name: CONSENT }).check();
    // MAX's openLink opens the payment page in the browser: here, a tab beside the app.
    const checkoutOpens = context.waitForEvent('page');
    await page.getByRole('button', { name: PAY }).click();
    const checkout = await checkoutOpens;
    await checkout.getByRole('button', { name: 'Оплатить' }).click();
    await expect(checkout.getByRole('heading', { name: 'Оплата прошла' })).toBeVisible();
    await checkout.close();
    await page.getByRole('button', { name: 'Да' }).click();
    await expect(page.getByRole('heading', { name: 'МОИ QR' })).toBeVisible();

    // The MAX bot's chat, from the picker.
    const pickerPage = page;
    await picker(pickerPage);
    await pickerPage.getByRole('button', { name: 'Чат с ботом в MAX: Участник чата' }).click();
    const chat = pickerPage.getByRole('dialog', { name: 'Чат с ботом в MAX' });
    await expect(chat).toBeVisible();
    const photo = chat
      .getByRole('listitem')
      .filter({ hasText: 'Рафт-школа «Порог»' })
      .getByRole('img', { name: 'QR-код купона' });
    await expect(photo).toBeVisible();
    await untilStill(pickerPage);
    expect(await seriousViolations(pickerPage)).toEqual([]);
    await pickerPage.screenshot({ path: test.info().outputPath('max-chat.png') });
    const png = await (
      await page.request.get(new URL((await photo.getAttribute('src')) ?? '', E2E_STAND_IN_URL).href)
    ).body();
    await chat.getByRole('button', { name: 'Закрыть' }).click();

    // The partner, in Telegram, redeems the photo the MAX buyer was sent.
    await pickerPage.getByRole('button', { name: /^Партнер/ }).click();
    await expect(pickerPage.getByText('КАТАЙСЯ С НАМИ')).toBeVisible();
    await pickerPage.goto(`${E2E_STAND_IN_URL}/check-coupon`);
    await pickerPage.getByRole('button', { name: 'Загрузить файл' }).click();
    await pickerPage
      .getByLabel(/Выберите ваш QR/)
      .setInputFiles({ name: 'kupon-qr.png', mimeType: 'image/png', buffer: png });
    await pickerPage.getByRole('button', { name: 'Погасить QR' }).click();
    await expect(pickerPage.getByText('Купон погашен')).toBeVisible();

    // The buyer hears of it in MAX: the QR's caption says it no longer works.
    const again = page;
    await picker(again);
    await again.getByRole('button', { name: 'Чат с ботом в MAX: Участник чата' }).click();
    const news = again.getByRole('dialog', { name: 'Чат с ботом в MAX' });
    await expect(news.getByText(/погашен/).first()).toBeVisible({ timeout: 20_000 });
  });
});
