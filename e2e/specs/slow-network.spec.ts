import type { Page } from '@playwright/test';
import { DEMO } from '../support/constants.ts';
import { openAsTelegram } from '../support/telegram.ts';
import { expect, test } from '../support/test.ts';

/** Every screen of SPEC §2, opened directly, and the heading it shows once it is there. */
const SCREENS: Array<[path: string, heading: string]> = [
  ['/', 'КАТАЙСЯ С НАМИ'],
  ['/discounts', 'СКИДКИ'],
  ['/photo', 'ОБМЕН ФОТО'],
  ['/calendar', 'КАЛЕНДАРЬ'],
  ['/geo-service', 'ГЕО-СЕРВИС'],
  ['/add-partner', 'Добавление партнера'],
  ['/add-coupon', 'Добавление купона'],
  ['/request-coupons', 'Список заявок на добавление купонов'],
  ['/buy-coupons', 'СГЕНЕРИРОВАТЬ QR'],
  ['/my-coupons', 'МОИ QR'],
  ['/check-coupon', 'ПРОВЕРИТЬ СКИДКУ'],
  ['/gift-to-friend?couponId=1', 'ПОДАРИТЬ ДРУГУ'],
  ['/offer', 'Публичная оферта'],
  ['/is-success-pay?couponId=1&customerUsername=demo_admin', 'Оплата прошла?'],
  ['/community-links', 'КАЛЕНДАРИ И ФОТО'],
];

/**
 * A slow mobile network, as Lighthouse's «slow 4G» has it: 150 ms each way, 1.6 Mbit/s down,
 * 750 kbit/s up. Chromium slows its own traffic (DevTools' network throttling).
 */
async function slowNetwork(
  page: Page,
  { latency = 150, download = (1.6 * 1024 * 1024) / 8, upload = (750 * 1024) / 8 } = {},
) {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('Network.enable');
  await devtools.send('Network.emulateNetworkConditions', {
    offline: false,
    latency,
    downloadThroughput: download,
    uploadThroughput: upload,
  });
}

/**
 * In the page: when the first tap lands, and when the tapped button first looks pressed
 * (`data-pressed`), in the page's own clock.
 */
const WATCH_THE_TAP = () => {
  const times: { tap?: number; pressed?: number } = {};
  Object.assign(window, { __tap: times });
  window.addEventListener('pointerdown', () => (times.tap ??= performance.now()), { capture: true });
  new MutationObserver((changes) => {
    if (
      times.pressed === undefined &&
      changes.some(({ target }) => (target as Element).hasAttribute('data-pressed'))
    )
      times.pressed = performance.now();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-pressed'] });
};

/**
 * Watches the page once it is parsed: every time what is in #root changes, it must show some
 * words (the page's «Загрузка…», a screen's spinner, the screen itself). Blank moments are kept.
 */
const WATCH_FOR_BLANK = () => {
  const blanks: string[] = [];
  Object.assign(window, { __blanks: blanks });
  new MutationObserver(() => {
    // While the page is still being parsed, the parser may insert an element and yield before its
    // text (it did, once in many CI runs, with «Загрузка…»). Nothing is drawn then: the stylesheet
    // holds the first paint, and the app's deferred script runs only after parsing.
    if (document.readyState === 'loading') return;
    const root = document.getElementById('root');
    // biome-ignore lint/performance/useDomNodeTextContent: the words drawn, not those the DOM holds hidden.
    if (root && root.innerText.trim() === '') blanks.push(root.innerHTML.slice(0, 200));
  }).observe(document, { childList: true, subtree: true, characterData: true });
};

test.describe('every screen on a slow network', () => {
  // Fifteen screens at 1.6 Mbit/s: longer than one test's usual time.
  test.setTimeout(300_000);

  test('opens with its heading, never a blank screen on the way', async ({ page }) => {
    await slowNetwork(page);
    await page.addInitScript(WATCH_FOR_BLANK);
    for (const [path, heading] of SCREENS) {
      await openAsTelegram(page, DEMO.admin, { path });
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 0 });
      const blanks = await page.evaluate(() => (window as unknown as { __blanks: string[] }).__blanks);
      expect(blanks, `${path} was blank on the way`).toEqual([]);
    }
  });
});

test.describe('a tap on a very slow network', () => {
  test.setTimeout(120_000);

  test('is answered at once: the button pressed within 100 ms, the screen moving in before its code comes', async ({
    page,
  }) => {
    await page.addInitScript(WATCH_THE_TAP);
    // 600 ms a round trip, 40 KB/s: the next screen's code takes seconds to come.
    await slowNetwork(page, { latency: 600, download: 40 * 1024, upload: 20 * 1024 });
    await openAsTelegram(page, DEMO.member, { path: '/' });
    const button = page.getByRole('button', { name: 'СКИДКИ ПАРТНЕРОВ' });
    await expect(button).toBeVisible({ timeout: 60_000 });
    await button.click();

    const { tap, pressed } = await page.evaluate(
      () => (window as unknown as { __tap: { tap: number; pressed: number } }).__tap,
    );
    expect(pressed - tap).toBeLessThan(100);
    // SPEC §2's 300 ms after the tap the screen moves in, its code or not: a spinner holds its place.
    const moved = page.getByText('Загрузка…').or(page.getByRole('heading', { level: 1, name: 'СКИДКИ' }));
    await expect(moved).toBeVisible({ timeout: 1500 });
    await expect(page.getByRole('heading', { name: 'КАТАЙСЯ С НАМИ' })).toHaveCount(0, { timeout: 1500 });
    await expect(page.getByRole('heading', { level: 1, name: 'СКИДКИ' })).toBeVisible({ timeout: 60_000 });
  });
});

test.describe('a button that asks the server, on a slow network', () => {
  test.setTimeout(120_000);

  test('shows it is working within 100 ms of the tap, whatever the press waits for first', async ({
    page,
  }) => {
    await page.addInitScript(WATCH_THE_TAP);
    await openAsTelegram(page, DEMO.partner, { path: '/partner-staff' });
    const field = page.getByLabel('Юзернейм сотрудника в Telegram');
    await field.fill('@demo_slow_cashier');
    // 400 ms a round trip, as a phone far from a mast: «ДОБАВИТЬ» first asks whether the name was
    // ever seen, then saves; both wait for the network.
    await slowNetwork(page, { latency: 400 });
    await page.getByRole('button', { name: 'ДОБАВИТЬ' }).click();

    const { tap, pressed } = await page.evaluate(
      () => (window as unknown as { __tap: { tap: number; pressed: number } }).__tap,
    );
    expect(pressed - tap).toBeLessThan(100);
    await expect(
      page.getByRole('group', { name: 'Мы еще не видели @demo_slow_cashier в приложении.' }),
    ).toBeVisible({
      timeout: 30_000,
    });
  });
});

test.describe('the screens behind Home’s buttons, fetched ahead', () => {
  // As on an iPhone: no offline shell that would keep the files anyway.
  test.use({ serviceWorkers: 'block' });

  test('are in the browser’s cache once Home is idle: with the network gone, a tap still opens the screen', async ({
    page,
    context,
  }) => {
    // The fetching is a worker's (lib/fetch-ahead-worker.ts): its requests are not in the page's
    // resource timings, so they are watched on the network.
    const finished = new Set<string>();
    context.on('requestfinished', (request) => finished.add(new URL(request.url()).pathname));
    await openAsTelegram(page, DEMO.member, { path: '/' });
    await expect(page.getByRole('button', { name: 'СКИДКИ ПАРТНЕРОВ' })).toBeVisible();
    // The build's list of each screen's files (web/screen-pages/plugin.ts), as the page reads it.
    const files = await page.evaluate(async () => {
      const list = document.querySelector<HTMLMetaElement>('meta[name="lazy-files"]')?.content ?? '';
      return ((await (await fetch(list)).json()) as Record<string, string[]>).discounts ?? [];
    });
    expect(files.length).toBeGreaterThan(0);
    await expect.poll(() => files.filter((file) => finished.has(file))).toEqual(files);
    // Asked for by the worker, not the page: none is among the page's own requests.
    const asked = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
    );
    expect(files.filter((file) => asked.includes(file))).toEqual([]);

    await context.setOffline(true);
    await page.getByRole('button', { name: 'СКИДКИ ПАРТНЕРОВ' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'СКИДКИ' })).toBeVisible();
  });
});
