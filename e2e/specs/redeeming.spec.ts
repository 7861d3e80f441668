import type { Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { DEMO } from '../support/constants.ts';
import { themesToWalk, untilStill } from '../support/looks.ts';
import { apiAs, DEMO_COMPANY, freshCouponQr } from '../support/purchases.ts';
import {
  emitTelegramEvent,
  hapticNotifications,
  openAsTelegram,
  pressTelegramButton,
  scanWithTelegramCamera,
  telegramButton,
  telegramEvents,
} from '../support/telegram.ts';
import { expect, test } from '../support/test.ts';

/** Telegram's main button on the check screen once a valid coupon is scanned. */
const REDEEM = 'Погасить QR';
/** Telegram's main button once a coupon is redeemed or refused: the next scan. */
const SCAN_NEXT = 'Сканировать следующий QR';

const postedTypes = async (page: Page) => (await telegramEvents(page)).map(([type]) => type);

/**
 * Opens the check screen as a Telegram client of Mini Apps 6.0, older than the scan popup (6.4), so
 * «Камера» turns to the browser camera. This Chromium has no camera to fake, so getUserMedia is
 * replaced: refused as on a denied permission, or never answering as a stuck camera.
 */
async function openWithoutTelegramScanner(
  page: Page,
  camera: 'refused' | 'stuck',
  theme: 'light' | 'dark' = 'light',
) {
  // A partner who allowed the camera before: no prompt holds the start time-out back.
  await page.context().grantPermissions(['camera']);
  await page.addInitScript((behaviour) => {
    window.history.replaceState(
      null,
      '',
      window.location.href.replace(/tgWebAppVersion=[^&]*/, 'tgWebAppVersion=6.0'),
    );
    navigator.mediaDevices.getUserMedia = () =>
      behaviour === 'refused'
        ? Promise.reject(new DOMException('Permission denied', 'NotAllowedError'))
        : new Promise(() => {});
  }, camera);
  await openAsTelegram(page, DEMO.partner, { path: '/check-coupon', theme });
}

const field = (page: Page, label: string) =>
  page
    .locator('.check-coupon__field')
    .filter({ has: page.locator('dt', { hasText: label }) })
    .locator('dd');

/** The alarm of a coupon that cannot be redeemed, by its headline. */
const alarm = (page: Page, headline: string) =>
  page.getByRole('alert').filter({ has: page.getByRole('heading', { name: headline }) });

const scanPopups = async (page: Page) =>
  (await telegramEvents(page)).filter(([type]) => type === 'web_app_open_scan_qr_popup').length;

test.describe('checking and redeeming a coupon', () => {
  test('the partner scans with Telegram’s camera, redeems once, and a second scan shows it used', async ({
    page,
    request,
  }) => {
    const qr = await freshCouponQr(request);
    await openAsTelegram(page, DEMO.partner, { path: '/check-coupon' });
    await expect(page.getByRole('heading', { name: 'Вы вошли как партнер' })).toBeVisible();
    await expect(page.getByText('Просканируйте QR, чтобы погасить')).toBeVisible();

    await scanWithTelegramCamera(page, qr.text);

    const events = await telegramEvents(page);
    expect(events.find(([type]) => type === 'web_app_open_scan_qr_popup')?.[1]).toEqual({
      text: 'Наведите камеру на QR купона',
    });
    await expect.poll(() => postedTypes(page)).toContain('web_app_close_scan_qr_popup');
    await expect(page.getByRole('heading', { name: 'Отсканированный QR' })).toBeVisible();
    await expect(field(page, 'Статус')).toHaveText('Не использован');
    await expect(field(page, 'Telegram')).toHaveText('@demo_member');
    await expect(field(page, 'Партнер')).toHaveText(DEMO_COMPANY);
    await expect(field(page, 'Регион')).toHaveText('Карелия');
    await expect(field(page, 'Скидка')).toHaveText(/^\d+ руб$/);
    await expect(field(page, 'На услуги')).toHaveText(/^от \d{1,3}(\s\d{3})*\sруб$/);
    await expect(field(page, 'Дата')).toHaveText(/^\d{2}\.\d{2}\.\d{4}$/);
    await expect(field(page, 'Адрес')).not.toBeEmpty();
    await expect(page.getByText('purchased_coupon_id')).toHaveCount(0);

    expect(await hapticNotifications(page)).toEqual([]);
    await pressTelegramButton(page, REDEEM);
    await expect(page.getByText('Купон погашен')).toBeVisible();
    // The phone buzzes for a redeemed coupon, as Telegram's own haptics.
    expect(await hapticNotifications(page)).toEqual(['success']);
    await expect(field(page, 'Статус')).toHaveText('Использован');
    await expect.poll(() => telegramButton(page)).toEqual({ text: SCAN_NEXT, active: true, loading: false });
    await expect(page.getByRole('button', { name: 'Отменить погашение' })).toBeVisible();

    // The next scan reads it again at once, as it stays before the camera: told so, its card kept,
    // no alarm.
    await pressTelegramButton(page, SCAN_NEXT);
    await emitTelegramEvent(page, 'qr_text_received', { data: qr.text });
    await expect(page.getByText(/Этот купон вы только что погасили/)).toBeVisible();
    await expect(page.getByText('Купон погашен')).toBeVisible();

    // Scanned on the screen opened anew, the used coupon raises the alarm: why, when and by whom,
    // whole on the phone's screen as it appears, with the error buzz and no redeem.
    await openAsTelegram(page, DEMO.partner, { path: '/check-coupon' });
    await scanWithTelegramCamera(page, qr.text);
    const used = alarm(page, 'Купон уже погашен');
    await expect(used).toBeInViewport({ ratio: 1 });
    await expect(used).toContainText(/Когда: \d{2}\.\d{2}\.\d{4} \d{2}:\d{2} по Москве/);
    await expect(used).toContainText(`Кто: @demo_partner, ${DEMO_COMPANY}`);
    await expect.poll(() => hapticNotifications(page)).toEqual(['error']);
    await expect(field(page, 'Статус')).toHaveText('Использован');
    await expect(page.getByText('Купон погашен')).toHaveCount(0);
    expect(await telegramButton(page)).toEqual({ text: SCAN_NEXT, active: true, loading: false });
    expect(await seriousViolations(page, '.coupon-alarm')).toEqual([]);
  });

  test('three coupons in a row: one tap from Home, each redeemed, the next scanned with one tap, all counted', async ({
    page,
    request,
  }) => {
    const coupons = [
      await freshCouponQr(request),
      await freshCouponQr(request),
      await freshCouponQr(request),
    ];
    const [company] = await apiAs(request, DEMO.partner).get<Array<{ companyName: string; count: number }>>(
      '/api/redemption/today',
    );
    await openAsTelegram(page, DEMO.partner);
    await page.getByRole('button', { name: 'ПРОВЕРИТЬ СКИДКУ' }).click();
    await expect(page.getByRole('heading', { name: 'Вы вошли как партнер' })).toBeVisible();

    for (const [index, coupon] of coupons.entries()) {
      if (index === 0) await scanWithTelegramCamera(page, coupon.text);
      else {
        const opened = await scanPopups(page);
        await pressTelegramButton(page, SCAN_NEXT);
        await expect.poll(() => scanPopups(page)).toBe(opened + 1);
        await emitTelegramEvent(page, 'qr_text_received', { data: coupon.text });
      }
      await expect(field(page, 'Статус')).toHaveText('Не использован');
      await pressTelegramButton(page, REDEEM);
      await expect(page.getByText('Купон погашен')).toBeVisible();
      await expect(
        page.getByText(`Погашено сегодня — ${company?.companyName}: ${(company?.count ?? 0) + index + 1}`),
      ).toBeVisible();
    }
    expect(await hapticNotifications(page)).toEqual(['success', 'success', 'success']);
  });

  test('the partner takes a redemption back after confirming', async ({ page, request }) => {
    const qr = await freshCouponQr(request);
    await openAsTelegram(page, DEMO.partner, { path: '/check-coupon' });
    await scanWithTelegramCamera(page, qr.text);
    await pressTelegramButton(page, REDEEM);
    await expect(page.getByText('Купон погашен')).toBeVisible();

    await page.getByRole('button', { name: 'Отменить погашение' }).click();
    // The confirm step is where the eye is: whole inside the phone's screen.
    await expect(page.getByRole('group', { name: 'Отменить погашение?' })).toBeInViewport({ ratio: 1 });
    await page.getByRole('button', { name: 'Да, отменить' }).click();

    await expect(page.getByText('Погашение отменено')).toBeVisible();
    await expect(field(page, 'Статус')).toHaveText('Не использован');
    await expect.poll(() => telegramButton(page)).toEqual({ text: REDEEM, active: true, loading: false });
  });

  test('the partner uploads the QR picture instead, and a non-image is refused', async ({
    page,
    request,
  }) => {
    const qr = await freshCouponQr(request);
    await openAsTelegram(page, DEMO.partner, { path: '/check-coupon' });
    await page.getByRole('button', { name: 'Загрузить файл' }).click();
    await expect(page.getByText('Загрузите изображение')).toBeVisible();
    const picker = page.getByLabel(/Выберите ваш QR/);

    await picker.setInputFiles({
      name: 'coupon.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4'),
    });
    await expect(page.getByRole('alert')).toContainText('Это не изображение.');

    await picker.setInputFiles({ name: 'coupon-qr.png', mimeType: 'image/png', buffer: Buffer.from(qr.png) });
    await expect(field(page, 'Статус')).toHaveText('Не использован');
    await expect(field(page, 'Партнер')).toHaveText(DEMO_COMPANY);
    await pressTelegramButton(page, REDEEM);
    await expect(page.getByText('Купон погашен')).toBeVisible();
  });

  test('a QR whose coupon the server does not know is not valid', async ({ page, request }) => {
    const qr = await freshCouponQr(request);
    await openAsTelegram(page, DEMO.partner, { path: '/check-coupon' });
    const unknown = qr.text.replace(/purchased_coupon_id=[^,]+/, 'purchased_coupon_id=not-a-real-token');

    await scanWithTelegramCamera(page, unknown);

    await expect(alarm(page, 'Купон не действителен')).toBeVisible();
    expect(await telegramButton(page)).toEqual({ text: SCAN_NEXT, active: true, loading: false });
  });
});

test.describe('the browser camera, where Telegram has no scan popup', () => {
  test('a refused camera permission is explained in Russian', async ({ page }) => {
    await openWithoutTelegramScanner(page, 'refused');

    await page.getByRole('button', { name: 'Камера' }).click();

    await expect(page.getByRole('alert')).toContainText('Доступ к камере запрещен.');
    await expect(page.getByRole('button', { name: 'Остановить камеру' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Камера' })).toBeEnabled();
    expect(await postedTypes(page)).not.toContain('web_app_open_scan_qr_popup');
  });

  test('a camera that does not start within 6 s is given up with a message', async ({ page }) => {
    await page.clock.install();
    await openWithoutTelegramScanner(page, 'stuck');

    await page.getByRole('button', { name: 'Камера' }).click();
    await expect(page.getByLabel('Наведите камеру на QR купона')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Остановить камеру' })).toBeVisible();

    await page.clock.fastForward(6500);

    await expect(page.getByRole('alert')).toContainText('Камера не включилась за 6 секунд.');
    await expect(page.getByLabel('Наведите камеру на QR купона')).toHaveCount(0);
  });
});

test.describe('the check screen in each theme', () => {
  for (const theme of themesToWalk('check coupon')) {
    test(`check coupon with a scanned result, ${theme}`, async ({ page, request }) => {
      const qr = await freshCouponQr(request);
      await openAsTelegram(page, DEMO.partner, { path: '/check-coupon', theme });
      await scanWithTelegramCamera(page, qr.text);
      await expect.poll(() => telegramButton(page)).toEqual({ text: REDEEM, active: true, loading: false });
      await pressTelegramButton(page, REDEEM);
      await expect(page.getByText('Купон погашен')).toBeVisible();
      await openAsTelegram(page, DEMO.partner, { path: '/check-coupon', theme });
      await scanWithTelegramCamera(page, qr.text);
      await expect(alarm(page, 'Купон уже погашен')).toBeInViewport({ ratio: 1 });
      await untilStill(page);
      expect(await seriousViolations(page, '.coupon-alarm')).toEqual([]);
      await page.getByRole('button', { name: 'Отменить погашение' }).click();
      await expect(page.getByRole('group')).toBeInViewport({ ratio: 1 });
      await page.getByRole('button', { name: 'Загрузить файл' }).click();
      await expect(page.getByText('Загрузите изображение')).toBeVisible();
    });

    test(`check coupon with the browser camera, running and timed out, ${theme}`, async ({ page }) => {
      await page.clock.install();
      await openWithoutTelegramScanner(page, 'stuck', theme);
      await page.getByRole('button', { name: 'Камера' }).click();
      await expect(page.getByRole('button', { name: 'Остановить камеру' })).toBeVisible();
      await page.clock.fastForward(6500);
      await expect(page.getByRole('alert')).toContainText('Камера не включилась за 6 секунд.');
    });
  }
});
