import { E2E_STAND_IN_URL } from '../support/constants.ts';
import { themesToPicture, untilStill } from '../support/looks.ts';
import { startServer } from '../support/server.ts';
import { expect, test } from '../support/test.ts';

const SCREENS = 'test-results/screens';

// What `npm install && npm start` shows: no Telegram, no bot, a browser at the server's address.
test.describe('the local stand-in, opened in a plain browser', () => {
  let stopServer: () => Promise<void>;

  test.beforeAll(async () => {
    // Its own server, started only by the worker that runs this file: `npm start`'s environment,
    // with nothing set at all.
    test.setTimeout(90_000);
    stopServer = await startServer(E2E_STAND_IN_URL, {});
  });

  test.afterAll(async () => {
    await stopServer?.();
  });

  test('offers the demo users, and the one picked is signed in with their role', async ({ page }) => {
    await page.goto(E2E_STAND_IN_URL);
    await expect(page.getByRole('heading', { name: 'Войти как…' })).toBeVisible();
    const users = page.getByRole('button', { name: /@demo_/ });
    await expect(users).toHaveCount(5);

    await page.getByRole('button', { name: /Администратор/ }).click();

    await expect(page.getByText('КАТАЙСЯ С НАМИ')).toBeVisible();
    await expect(page.getByRole('button', { name: 'ДОБАВЛЕНИЕ ПАРТНЕРА' })).toBeVisible();

    await page.getByRole('button', { name: 'Сменить пользователя' }).click();
    await page.getByRole('button', { name: /Участник чата/ }).click();
    await expect(page.getByRole('button', { name: 'СКИДКИ ПАРТНЕРОВ' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'ДОБАВЛЕНИЕ ПАРТНЕРА' })).toHaveCount(0);
  });

  for (const scheme of themesToPicture('stand-in')) {
    test(`the user picker, ${scheme}`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(E2E_STAND_IN_URL);
      await expect(page.getByRole('button', { name: /Администратор/ })).toBeVisible();
      await untilStill(page);
      await page.screenshot({ path: `${SCREENS}/stand-in-picker-${scheme}.png` });
    });
  }
});
