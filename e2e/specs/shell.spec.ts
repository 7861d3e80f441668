import type { Page } from '@playwright/test';
import { DEMO } from '../support/constants.ts';
import { themesToWalk } from '../support/looks.ts';
import { emitTelegramEvent, openAsTelegram, telegramEvents } from '../support/telegram.ts';
import { expect, test } from '../support/test.ts';

const homeButtons = (page: Page) =>
  page.locator('main button, .page-frame button').filter({ hasNotText: /^$/ });

/**
 * Home's buttons but the line of a coupon held, which another spec's purchase or gift may show
 * (owning.spec.ts); «ЗАЯВКИ» without the count of requests waiting, which other specs' requests change.
 */
async function visibleButtonTexts(page: Page) {
  await expect(page.getByRole('button', { name: 'СКИДКИ ПАРТНЕРОВ' })).toBeVisible();
  return (await homeButtons(page).allInnerTexts())
    .map((text) => text.trim().replace(/^ЗАЯВКИ[\s\S]*/, 'ЗАЯВКИ'))
    .filter((text) => text !== '' && !text.startsWith('Ваш купон: '));
}

test.describe('Home, as Telegram opens it', () => {
  test('shows an admin every button', async ({ page }) => {
    await openAsTelegram(page, DEMO.admin);
    await expect(page.getByText('КАТАЙСЯ С НАМИ')).toBeVisible();
    // The role's buttons come with the first answer of /api/me.
    await expect(page.getByRole('button', { name: 'НЕДОСТАВЛЕННЫЕ' })).toBeVisible();
    expect(await visibleButtonTexts(page)).toEqual([
      'СКИДКИ ПАРТНЕРОВ',
      'ОБМЕН ФОТО',
      'ВОДНЫЙ КАЛЕНДАРЬ',
      'ГЕО-СЕРВИС',
      'ДОБАВЛЕНИЕ ПАРТНЕРА',
      'ДОБАВЛЕНИЕ КУПОНА',
      'КАЛЕНДАРИ И ФОТО',
      'ЗАЯВКИ',
      'ПАРТНЕРЫ',
      'ПОКУПКИ',
      'СВЕРКА С ПАРТНЕРАМИ',
      'ЖУРНАЛ СОБЫТИЙ',
      'ПРИГЛАШЕНИЯ',
      'НЕДОСТАВЛЕННЫЕ',
    ]);
  });

  test('shows a partner the coupon request, the check, the report and the staff but no admin buttons', async ({
    page,
  }) => {
    await openAsTelegram(page, DEMO.partner);
    await expect(page.getByRole('button', { name: 'ДОБАВЛЕНИЕ КУПОНА' })).toBeVisible();
    expect(await visibleButtonTexts(page)).toEqual([
      'СКИДКИ ПАРТНЕРОВ',
      'ОБМЕН ФОТО',
      'ВОДНЫЙ КАЛЕНДАРЬ',
      'ДОБАВЛЕНИЕ КУПОНА',
      'ПРОВЕРИТЬ СКИДКУ',
      'ОТЧЕТ О ПОГАШЕНИЯХ',
      'СОТРУДНИКИ',
    ]);
  });

  test('shows a plain user the three common buttons', async ({ page }) => {
    await openAsTelegram(page, DEMO.member);
    await expect(page.getByRole('button', { name: 'ВОДНЫЙ КАЛЕНДАРЬ' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'ДОБАВЛЕНИЕ КУПОНА' })).toHaveCount(0);
    expect(await visibleButtonTexts(page)).toEqual(['СКИДКИ ПАРТНЕРОВ', 'ОБМЕН ФОТО', 'ВОДНЫЙ КАЛЕНДАРЬ']);
  });

  test('tells the user when the server refuses the init data', async ({ page }) => {
    await openAsTelegram(page, DEMO.admin, { botToken: '1234567:another-bots-token-for-this-test' });
    await expect(page.getByRole('heading', { name: 'Не удалось войти' })).toBeVisible();
    await expect(page.getByText('Не удалось проверить данные Telegram')).toBeVisible();
    await expect(page.getByRole('button', { name: 'ГЕО-СЕРВИС' })).toHaveCount(0);
  });
});

test.describe('Coupons', () => {
  test('has the partner section for a partner', async ({ page }) => {
    await openAsTelegram(page, DEMO.partner, { path: '/discounts' });
    await expect(page.getByRole('heading', { name: 'СКИДКИ' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'КУПИТЬ СКИДКИ ПАРТНЕРОВ' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'МОИ СКИДКИ' })).toBeVisible();
    await expect(page.getByText('ДЛЯ ПАРТНЕРОВ')).toBeVisible();
    await expect(page.getByRole('button', { name: 'ПРОВЕРИТЬ СКИДКУ' })).toBeVisible();
  });

  test('has no partner section for a plain user', async ({ page }) => {
    await openAsTelegram(page, DEMO.member, { path: '/discounts' });
    await expect(page.getByRole('button', { name: 'МОИ СКИДКИ' })).toBeVisible();
    await expect(page.getByText('ДЛЯ ПАРТНЕРОВ')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'ПРОВЕРИТЬ СКИДКУ' })).toHaveCount(0);
  });
});

test.describe('navigation', () => {
  test('moves after 300 ms with a fly-out transition, and both back buttons return', async ({ page }) => {
    await openAsTelegram(page, DEMO.member);
    // Still home in the frame after the press: the move waits 300 ms, and both pages are drawn during
    // it. Read in the page, since click() itself may return later than that on a busy machine; the
    // two frames are counted by a MutationObserver, which sees every change to the page whatever the
    // frame rate (a loaded machine can draw the whole fly-out between two animation frames).
    await page.evaluate(() => {
      const watch = window as unknown as { __pathAfterPress: Promise<string>; __mostFrames: number };
      watch.__mostFrames = 0;
      new MutationObserver(() => {
        watch.__mostFrames = Math.max(watch.__mostFrames, document.querySelectorAll('.page-frame').length);
      }).observe(document.body, { childList: true, subtree: true });
      watch.__pathAfterPress = new Promise((resolve) =>
        document.addEventListener('click', () => requestAnimationFrame(() => resolve(location.pathname)), {
          once: true,
          capture: true,
        }),
      );
    });
    await page.getByRole('button', { name: 'СКИДКИ ПАРТНЕРОВ' }).click();
    expect(
      await page.evaluate(
        () => (window as unknown as { __pathAfterPress: Promise<string> }).__pathAfterPress,
      ),
    ).toBe('/');
    await expect(page).toHaveURL(/\/discounts/);
    await expect(page.locator('.page-frame')).toHaveCount(1);
    expect(await page.evaluate(() => (window as unknown as { __mostFrames: number }).__mostFrames)).toBe(2);
    await expect(page.getByRole('heading', { name: 'СКИДКИ' })).toBeVisible();

    const shown = (await telegramEvents(page)).filter(([type]) => type === 'web_app_setup_back_button');
    expect(shown.at(-1)?.[1]).toEqual({ is_visible: true });

    await page.getByRole('button', { name: 'Назад' }).click();
    await expect(page).toHaveURL(/\/(#.*)?$/);
    await expect(page.getByText('КАТАЙСЯ С НАМИ')).toBeVisible();
    await expect
      .poll(
        async () =>
          (await telegramEvents(page)).filter(([type]) => type === 'web_app_setup_back_button').at(-1)?.[1],
      )
      .toEqual({ is_visible: false });

    await page.getByRole('button', { name: 'ОБМЕН ФОТО' }).click();
    await expect(page.getByRole('heading', { name: 'ОБМЕН ФОТО' })).toBeVisible();
    await emitTelegramEvent(page, 'back_button_pressed');
    await expect(page.getByText('КАТАЙСЯ С НАМИ')).toBeVisible();
  });
});

test.describe('the page under its own policy', () => {
  for (const [screen, path, lastButton] of [
    ['Home', '/', 'ВОДНЫЙ КАЛЕНДАРЬ'],
    ['My QR', '/my-coupons', 'НА ГЛАВНУЮ СТРАНИЦУ'],
  ] as const) {
    test(`${screen} runs its inline script and every other under the server's CSP, none refused`, async ({
      page,
    }) => {
      const refused: string[] = [];
      page.on('console', (message) => {
        if (message.text().includes('Content Security Policy')) refused.push(message.text());
      });
      await openAsTelegram(page, DEMO.member, { path });
      await expect(page.getByRole('button', { name: lastButton })).toBeVisible();
      expect(await page.locator('head script:not([src])').allTextContents()).not.toEqual([]);
      expect(refused).toEqual([]);
    });
  }
});

/** The last button Home shows each role, there once the role is known. */
const LAST_BUTTON = { admin: 'НЕДОСТАВЛЕННЫЕ', partner: 'СОТРУДНИКИ', member: 'ВОДНЫЙ КАЛЕНДАРЬ' };

test.describe('looks', () => {
  for (const role of ['admin', 'partner', 'member'] as const) {
    for (const theme of themesToWalk(`home ${role}`)) {
      test(`Home for ${role} in the ${theme} theme takes Telegram's colours`, async ({ page }) => {
        await openAsTelegram(page, DEMO[role], { theme });
        await expect(page.getByRole('button', { name: LAST_BUTTON[role] })).toBeVisible();
        const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        expect(background).toBe(theme === 'dark' ? 'rgb(33, 33, 33)' : 'rgb(255, 255, 255)');
      });
    }
  }
});
