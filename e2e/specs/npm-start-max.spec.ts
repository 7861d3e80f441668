import type { Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { buyDemoOfferInSandbox } from '../support/buying.ts';
import { E2E_STAND_IN_URL } from '../support/constants.ts';
import { themesToWalk, untilStill } from '../support/looks.ts';
import { SERVER_START_BOUND_MS, startServer } from '../support/server.ts';
import { expect, test } from '../support/test.ts';

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
    // MAX's openLink opens the payment page in the browser: here, a tab beside the app.
    await buyDemoOfferInSandbox(page, context);

    // The MAX bot's chat, from the picker.
    await picker(page);
    await page.getByRole('button', { name: 'Чат с ботом в MAX: Участник чата' }).click();
    const chat = page.getByRole('dialog', { name: 'Чат с ботом в MAX' });
    await expect(chat).toBeVisible();
    const photo = chat
      .getByRole('listitem')
      .filter({ hasText: 'Рафт-школа «Порог»' })
      .getByRole('img', { name: 'QR-код купона' });
    await expect(photo).toBeVisible();
    await untilStill(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('max-chat.png') });
    const png = await (
      await page.request.get(new URL((await photo.getAttribute('src')) ?? '', E2E_STAND_IN_URL).href)
    ).body();
    await chat.getByRole('button', { name: 'Закрыть' }).click();

    // The partner, in Telegram, redeems the photo the MAX buyer was sent.
    await page.getByRole('button', { name: /^Партнер/ }).click();
    await expect(page.getByText('КАТАЙСЯ С НАМИ')).toBeVisible();
    await page.goto(`${E2E_STAND_IN_URL}/check-coupon`);
    await page.getByRole('button', { name: 'Загрузить файл' }).click();
    await page
      .getByLabel(/Выберите ваш QR/)
      .setInputFiles({ name: 'kupon-qr.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('button', { name: 'Погасить QR' }).click();
    await expect(page.getByText('Купон погашен')).toBeVisible();

    // The buyer hears of it in MAX: the QR's caption says it no longer works.
    const again = page;
    await picker(again);
    await again.getByRole('button', { name: 'Чат с ботом в MAX: Участник чата' }).click();
    const news = again.getByRole('dialog', { name: 'Чат с ботом в MAX' });
    await expect(news.getByText(/погашен/).first()).toBeVisible({ timeout: 20_000 });
  });
});
