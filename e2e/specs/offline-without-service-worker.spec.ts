import type { BrowserContext, Page } from '@playwright/test';
import { DEMO } from '../support/constants.ts';
import { apiAs, buyCoupon, DEMO_COMPANY, freshCouponQr } from '../support/purchases.ts';
import { qrToken } from '../support/qr.ts';
import {
  emitTelegramEvent,
  openAsTelegram,
  pressTelegramButton,
  scanWithTelegramCamera,
  telegramButton,
  telegramEvents,
} from '../support/telegram.ts';
import { expect, test } from '../support/test.ts';

// The iPhone case: Telegram for iOS runs mini-apps in a webview without service workers, so the app
// cannot open with no signal. A partner opens «Проверить скидку» before leaving it and keeps
// Telegram open; from then on the screen needs nothing more from the network.
test.use({ serviceWorkers: 'block' });

const REDEEM = 'Погасить QR';
const SCAN_NEXT = { text: 'Сканировать следующий QR', active: true, loading: false };
const NO_SHELL = 'На этом телефоне приложение не откроется без связи.';

/**
 * The check screen opened with a signal: the kit and the QR decoder's WASM it fetches as it opens
 * have come, as they have for a partner who waited a moment on the screen before leaving.
 */
async function checkScreenOpenedWithSignal(page: Page) {
  const kitLoaded = page.waitForResponse(
    (response) => response.url().endsWith('/api/redemption/offline-kit') && response.ok(),
  );
  const decoderLoaded = page.waitForResponse((response) => response.url().endsWith('.wasm') && response.ok());
  await openAsTelegram(page, DEMO.partner, { path: '/check-coupon' });
  await expect(page.getByRole('heading', { name: 'Вы вошли как партнер' })).toBeVisible();
  await Promise.all([kitLoaded, decoderLoaded]);
}

const field = (page: Page, label: string) =>
  page
    .locator('.check-coupon__field')
    .filter({ has: page.locator('dt', { hasText: label }) })
    .locator('dd');
const status = (page: Page) => field(page, 'Статус');

/** Redeems the scanned coupon with no signal and sees it wait in the queue. */
async function redeemScannedWithNoSignal(page: Page) {
  await expect(page.getByText('Нет связи — купон проверен по подписи сервера')).toBeVisible();
  await expect(status(page)).toHaveText('Не использован');
  // The QR leaves the company to the screen: named from the kit with no signal.
  await expect(field(page, 'Партнер')).toHaveText(DEMO_COMPANY);
  await expect(field(page, 'Регион')).toHaveText('Карелия');
  await pressTelegramButton(page, REDEEM);
  await expect(
    page.getByText('Купон погашен без связи. Отправим погашение, когда появится сеть.'),
  ).toBeVisible();
  await expect(page.getByText('Погашений без связи ждут отправки: 1')).toBeVisible();
}

/** The signal returns: the queue is sent by itself and the server holds the coupon as used. */
async function usedOnceTheSignalReturns(context: BrowserContext, page: Page, qrText: string) {
  await context.setOffline(false);
  await expect(page.getByText(/ждут отправки/)).toHaveCount(0);
  const scanned = await apiAs(page.request, DEMO.partner).get<{ status: string }>(
    `/api/coupon/scan/${qrToken(qrText)}`,
  );
  expect(scanned.status).toBe('USED');
}

test('with no service worker, the partner is told once to open the check screen before leaving the signal', async ({
  page,
}) => {
  await checkScreenOpenedWithSignal(page);
  const notice = page.getByText(NO_SHELL);
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('откройте «Проверить скидку», пока есть сеть, и не закрывайте Telegram');
  await page.getByRole('button', { name: 'Понятно' }).click();
  await expect(notice).toHaveCount(0);

  await checkScreenOpenedWithSignal(page);
  await expect(page.getByRole('heading', { name: 'Вы вошли как партнер' })).toBeVisible();
  await expect(page.getByText(NO_SHELL)).toHaveCount(0);
});

test('with no service worker, a picture of a QR is read and redeemed with no signal, and the coupon is used once it returns', async ({
  page,
  context,
  request,
}) => {
  const { png, text: qrText } = await freshCouponQr(request);
  await checkScreenOpenedWithSignal(page);

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Загрузить файл' }).click();
  await page
    .getByLabel(/Выберите ваш QR/)
    .setInputFiles({ name: 'qr.png', mimeType: 'image/png', buffer: Buffer.from(png) });
  await expect(page.getByRole('heading', { name: 'Отсканированный QR' })).toBeVisible();
  await redeemScannedWithNoSignal(page);

  await usedOnceTheSignalReturns(context, page, qrText);
});

test('with no service worker, Telegram’s QR popup redeems with no signal, the same QR scanned again raises the alarm, and once the signal returns the card says used', async ({
  page,
  context,
  request,
}) => {
  const { text: qrText } = await freshCouponQr(request);
  await checkScreenOpenedWithSignal(page);

  await context.setOffline(true);
  await scanWithTelegramCamera(page, qrText);
  await expect(page.getByRole('heading', { name: 'Отсканированный QR' })).toBeVisible();
  await redeemScannedWithNoSignal(page);

  await pressTelegramButton(page, SCAN_NEXT.text);
  await emitTelegramEvent(page, 'qr_text_received', { data: qrText });
  const used = page
    .getByRole('alert')
    .filter({ has: page.getByRole('heading', { name: 'Купон уже погашен' }) });
  await expect(used).toBeInViewport({ ratio: 1 });
  await expect(used).toContainText('Погашение ждет отправки.');
  const rescanned = (await telegramEvents(page)).length;

  await usedOnceTheSignalReturns(context, page, qrText);
  await expect(used).toContainText(`Кто: @demo_partner, ${DEMO_COMPANY}`);
  await expect(status(page)).toHaveText('Использован');
  // «Погасить QR» was never offered for the coupon the server holds used, on Telegram's button or the page.
  const offered = (await telegramEvents(page))
    .slice(rescanned)
    .filter(([type]) => type === 'web_app_setup_main_button')
    .map(([, data]) => data as { text: string; is_visible: boolean })
    .filter((setup) => setup.is_visible && setup.text === REDEEM);
  expect(offered).toEqual([]);
  await expect(page.getByRole('button', { name: REDEEM })).toHaveCount(0);
  expect(await telegramButton(page)).toEqual(SCAN_NEXT);
});

test('with no service worker, the buyer is told on My QR to keep it open or save a picture before leaving the signal', async ({
  page,
  request,
}) => {
  await buyCoupon(request, DEMO.member);
  await openAsTelegram(page, DEMO.member, { path: '/my-coupons' });
  const notice = page.getByText(NO_SHELL);
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('откройте «Мои QR», пока есть сеть, и не закрывайте Telegram');
  await page.getByRole('button', { name: 'Понятно' }).click();
  await expect(notice).toHaveCount(0);
});
