import type { Page } from '@playwright/test';
import { DEMO } from '../support/constants.ts';
import { untilShellKept } from '../support/offline.ts';
import { apiAs, buyCoupon, listMyCoupons, qrPngOf } from '../support/purchases.ts';
import { shownQr } from '../support/qr.ts';
import { openAsTelegram } from '../support/telegram.ts';
import { expect, test } from '../support/test.ts';

const OFFLINE_NOTICE = 'Нет связи. Показан сохраненный QR.';
/** My QR asks for its list every 5 s: a lost or found connection shows by the next poll or so. */
const NEXT_POLL = { timeout: 30_000 };

const shownQrImage = (page: Page) => page.locator('.slider__slide:not([aria-hidden]) .coupon-slide__qr img');

/** The QR on screen is the given PNG, and the browser has really drawn it (a broken image has no width). */
async function expectQrDrawn(page: Page, png: Uint8Array) {
  await expect(shownQrImage(page)).toHaveAttribute('src', shownQr(png));
  await expect
    .poll(() => shownQrImage(page).evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
}

test('the buyer’s QR without a network: kept on the device, marked, and up to date once back', async ({
  page,
  context,
  request,
}) => {
  // Two coupons at least, so the screen has a pager, and one is left when the other is gifted.
  const keptId = await buyCoupon(request, DEMO.member);
  const couponId = await buyCoupon(request, DEMO.member);
  const coupons = await listMyCoupons(request, DEMO.member);
  const [newest, next] = coupons;
  if (newest?.id !== couponId || next?.id !== keptId)
    throw new Error('the bought coupons are not first in My QR');
  const png = await qrPngOf(request, DEMO.member, newest);
  const keptPng = await qrPngOf(request, DEMO.member, next);

  await openAsTelegram(page, DEMO.member, { path: '/my-coupons' });
  await expect(page.getByText(`1 / ${coupons.length}`)).toBeVisible();
  await expectQrDrawn(page, png);
  await expect(page.getByText(OFFLINE_NOTICE)).toHaveCount(0);
  await untilShellKept(page);

  // The signal goes while the screen is open: the QR stays, marked as the saved one.
  await context.setOffline(true);
  await expect(page.getByText(OFFLINE_NOTICE)).toBeVisible(NEXT_POLL);
  await expectQrDrawn(page, png);
  await expect(page.getByText(`1 / ${coupons.length}`)).toBeVisible();
  await expect(page.getByText('QR ПОКА НЕТ')).toHaveCount(0);

  // The app opened again with no signal at all: the page from the kept shell (web/offline-shell/sw.js), the
  // list and the image from the device.
  await page.reload();
  await expect(page.getByText(OFFLINE_NOTICE)).toBeVisible(NEXT_POLL);
  await expectQrDrawn(page, png);
  await expect(page.getByText(`1 / ${coupons.length}`)).toBeVisible();

  // Meanwhile the coupon is gifted from another device: the first answer once back takes it away.
  await apiAs(request, DEMO.member).post(
    `/api/coupons/buy/friend/${[couponId, DEMO.member.username, DEMO.admin.username].join('/')}`,
  );
  await context.setOffline(false);
  await expect(page.getByText(OFFLINE_NOTICE)).toHaveCount(0, NEXT_POLL);
  await expect(page.locator('.slider__slide')).toHaveCount(coupons.length - 1);
  await expectQrDrawn(page, keptPng);
});
