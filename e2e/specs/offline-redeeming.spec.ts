import type { BrowserContext, Page } from '@playwright/test';
import { DEMO } from '../support/constants.ts';
import { untilShellKept } from '../support/offline.ts';
import { apiAs, DEMO_COMPANY, freshCouponQr } from '../support/purchases.ts';
import { qrToken } from '../support/qr.ts';
import {
  openAsTelegram,
  pressTelegramButton,
  scanWithTelegramCamera,
  telegramButton,
  telegramEvents,
} from '../support/telegram.ts';
import { expect, test } from '../support/test.ts';

const REDEEM = 'Погасить QR';
const SCAN_NEXT = { text: 'Сканировать следующий QR', active: true, loading: false };

/** A partner's phone on the check screen, its offline kit loaded while it still had a network. */
async function partnerPhone(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const kitLoaded = page.waitForResponse(
    (response) => response.url().endsWith('/api/redemption/offline-kit') && response.ok(),
  );
  await openAsTelegram(page, DEMO.partner, { path: '/check-coupon' });
  await expect(page.getByRole('heading', { name: 'Вы вошли как партнер' })).toBeVisible();
  await kitLoaded;
  return page;
}

/** Scans with Telegram's camera and waits for the scanned coupon's section. */
async function scanWithCamera(page: Page, qrText: string) {
  await scanWithTelegramCamera(page, qrText);
  await expect(page.getByRole('heading', { name: 'Отсканированный QR' })).toBeVisible();
}

const status = (page: Page) =>
  page
    .locator('.check-coupon__field')
    .filter({ has: page.locator('dt', { hasText: 'Статус' }) })
    .locator('dd');

/** Whether Telegram's main button offered «Погасить QR» at any time after the `from`th event. */
const redeemOfferedSince = async (page: Page, from: number) =>
  (await telegramEvents(page))
    .slice(from)
    .some(
      ([type, data]) =>
        type === 'web_app_setup_main_button' &&
        (data as { is_visible?: boolean; text?: string }).is_visible === true &&
        (data as { text?: string }).text === REDEEM,
    );

/** The alarm of a coupon that cannot be redeemed, by its headline. */
const alarm = (page: Page, headline: string) =>
  page.getByRole('alert').filter({ has: page.getByRole('heading', { name: headline }) });

/** Checks and redeems the coupon with the network cut, as at a put-in with no signal. */
async function redeemWithNoSignal(page: Page, qrText: string) {
  await page.context().setOffline(true);
  await scanWithCamera(page, qrText);
  await expect(page.getByText('Нет связи — купон проверен по подписи сервера')).toBeVisible();
  await expect(status(page)).toHaveText('Не использован');
  await pressTelegramButton(page, REDEEM);
  await expect(
    page.getByText('Купон погашен без связи. Отправим погашение, когда появится сеть.'),
  ).toBeVisible();
  await expect(status(page)).toHaveText('Использован');
  await expect(page.getByText('Погашений без связи ждут отправки: 1')).toBeVisible();
}

test('two partner phones redeem one coupon with no signal: the first to sync counts, the second sees the conflict', async ({
  browser,
  request,
}) => {
  const { coupon, text: qrText } = await freshCouponQr(request);

  const first = await browser.newContext();
  const second = await browser.newContext();
  const firstPhone = await partnerPhone(first);
  const secondPhone = await partnerPhone(second);

  await redeemWithNoSignal(firstPhone, qrText);
  // Scanned again with no signal: the alarm, from this phone's own queue.
  await scanWithCamera(firstPhone, qrText);
  const usedHere = alarm(firstPhone, 'Купон уже погашен');
  await expect(usedHere).toBeInViewport({ ratio: 1 });
  await expect(usedHere).toContainText(/Погашен на этом телефоне .+ по Москве\. Погашение ждет отправки\./);
  await expect.poll(() => telegramButton(firstPhone)).toEqual(SCAN_NEXT);
  const rescanned = (await telegramEvents(firstPhone)).length;
  await redeemWithNoSignal(secondPhone, qrText);

  // A reload with no network would lose the page, not the queue: it is on disk, sent when it can be.
  // The card still on screen is read again once the server has it: used, by whom, never redeemable.
  await first.setOffline(false);
  await expect(firstPhone.getByText(/ждут отправки/)).toHaveCount(0);
  await expect(alarm(firstPhone, 'Купон уже погашен')).toContainText(`Кто: @demo_partner, ${DEMO_COMPANY}`);
  await expect(status(firstPhone)).toHaveText('Использован');
  expect(await redeemOfferedSince(firstPhone, rescanned)).toBe(false);
  await expect(firstPhone.getByRole('button', { name: REDEEM })).toHaveCount(0);
  expect(await telegramButton(firstPhone)).toEqual(SCAN_NEXT);
  // Synced, it is a redemption like any other: the partner may take it back within ten minutes.
  await expect(firstPhone.getByRole('button', { name: 'Отменить погашение' })).toBeVisible();

  await second.setOffline(false);
  const conflict = secondPhone.getByRole('alert').filter({ hasText: 'Погашение без связи не засчитано' });
  await expect(conflict).toContainText(`@demo_member, скидка ${coupon.discount} руб`);
  await expect(conflict).toContainText(/Купон уже погасил .+ \d{2}\.\d{2}\.\d{4}/);
  await expect(secondPhone.getByText(/ждут отправки/)).toHaveCount(0);
  await secondPhone.getByRole('button', { name: 'Понятно' }).click();
  await expect(conflict).toHaveCount(0);

  await first.close();
  await second.close();
});

test('a redemption made with no signal survives the app being closed and is sent at the next start', async ({
  browser,
  request,
}) => {
  const { text: qrText } = await freshCouponQr(request);

  const context = await browser.newContext();
  const phone = await partnerPhone(context);
  await redeemWithNoSignal(phone, qrText);
  await phone.close();

  await context.setOffline(false);
  const restarted = await context.newPage();
  const synced = restarted.waitForResponse(
    (response) => response.url().endsWith('/api/redemption/sync') && response.ok(),
  );
  // Home, not the check screen: the app sends what waits whatever screen it opens on.
  await openAsTelegram(restarted, DEMO.partner);
  expect((await (await synced).json()).results).toEqual([{ nonce: expect.any(String), outcome: 'applied' }]);
  const scanned = await apiAs(request, DEMO.partner).get<{ status: string }>(
    `/api/coupon/scan/${qrToken(qrText)}`,
  );
  expect(scanned.status).toBe('USED');
  await context.close();
});

test('the app opens with no signal once it has been opened with one: the partner checks a coupon offline', async ({
  browser,
  request,
}) => {
  const { text: qrText } = await freshCouponQr(request);

  const context = await browser.newContext();
  const phone = await partnerPhone(context);
  // The shell is kept once the app has been idle a moment with a network.
  await untilShellKept(phone);
  await phone.close();

  await context.setOffline(true);
  const atTheRiver = await context.newPage();
  await openAsTelegram(atTheRiver, DEMO.partner, { path: '/check-coupon' });
  await expect(atTheRiver.getByRole('heading', { name: 'Вы вошли как партнер' })).toBeVisible();
  await scanWithCamera(atTheRiver, qrText);
  await expect(atTheRiver.getByText('Нет связи — купон проверен по подписи сервера')).toBeVisible();
  await context.close();
});

test('with the offline shell, the check screen opens again with no signal and redeems a picture of a QR', async ({
  browser,
  request,
}) => {
  const { png, text: qrText } = await freshCouponQr(request);

  const context = await browser.newContext();
  const phone = await partnerPhone(context);
  // The shell keeps the page, its scripts and the QR decoder's WASM the check screen fetched.
  await untilShellKept(phone);
  await expect
    .poll(() =>
      phone.evaluate(async () => {
        const wasm = performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .find((name) => name.endsWith('.wasm'));
        return wasm !== undefined && (await caches.match(wasm)) !== undefined;
      }),
    )
    .toBe(true);
  await phone.close();

  await context.setOffline(true);
  const atTheRiver = await context.newPage();
  await openAsTelegram(atTheRiver, DEMO.partner, { path: '/check-coupon' });
  await atTheRiver.getByRole('button', { name: 'Загрузить файл' }).click();
  await atTheRiver
    .getByLabel(/Выберите ваш QR/)
    .setInputFiles({ name: 'qr.png', mimeType: 'image/png', buffer: Buffer.from(png) });
  await expect(atTheRiver.getByText('Нет связи — купон проверен по подписи сервера')).toBeVisible();
  await pressTelegramButton(atTheRiver, REDEEM);
  await expect(
    atTheRiver.getByText('Купон погашен без связи. Отправим погашение, когда появится сеть.'),
  ).toBeVisible();

  await context.setOffline(false);
  await expect(atTheRiver.getByText(/ждут отправки/)).toHaveCount(0);
  const scanned = await apiAs(request, DEMO.partner).get<{ status: string }>(
    `/api/coupon/scan/${qrToken(qrText)}`,
  );
  expect(scanned.status).toBe('USED');
  await context.close();
});
