import { PNG } from 'pngjs';
import { DEMO, FRESH_MEMBERS } from '../support/constants.ts';
import { buyCoupon, listMyCoupons, qrPngOf } from '../support/purchases.ts';
import { decodeQrPng } from '../support/qr.ts';
import { openAsTelegram } from '../support/telegram.ts';
import { expect, test } from '../support/test.ts';

/** The server draws 8 px a module (server/src/modules/purchased-coupons/qr-png.ts). */
const PNG_PX_PER_MODULE = 8;

/**
 * The picture made `width` px wide, each new pixel the average of those it covers, then blurred by
 * one pixel (each the mean of its 3×3 neighbours), as a screenshot sent on and viewed small is.
 */
function scaledAndBlurred(picture: PNG, width: number): PNG {
  const height = Math.round((picture.height * width) / picture.width);
  const ratio = picture.width / width;
  const grey = new Float64Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      let count = 0;
      for (let sy = Math.floor(y * ratio); sy < Math.floor((y + 1) * ratio); sy++) {
        for (let sx = Math.floor(x * ratio); sx < Math.floor((x + 1) * ratio); sx++) {
          const at = (sy * picture.width + sx) * 4;
          sum +=
            0.299 * (picture.data[at] ?? 0) +
            0.587 * (picture.data[at + 1] ?? 0) +
            0.114 * (picture.data[at + 2] ?? 0);
          count++;
        }
      }
      grey[y * width + x] = sum / Math.max(count, 1);
    }
  }
  const out = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const xx = Math.min(width - 1, Math.max(0, x + dx));
          const yy = Math.min(height - 1, Math.max(0, y + dy));
          sum += grey[yy * width + xx] ?? 0;
        }
      }
      const at = (y * width + x) * 4;
      out.data.fill(Math.round(sum / 9), at, at + 3);
      out.data[at + 3] = 255;
    }
  }
  return out;
}

for (const [who, buyer] of [
  ['the demo member', DEMO.member],
  ['a buyer with the longest username', FRESH_MEMBERS.longestName],
] as const) {
  test(`My QR shows ${who}'s QR at 4.5 CSS px a module or more on a 390 px phone, and a screenshot scaled to 200 px with a 1 px blur still reads`, async ({
    page,
    request,
  }) => {
    const couponId = await buyCoupon(request, buyer);
    const coupon = (await listMyCoupons(request, buyer)).find(({ id }) => id === couponId);
    if (!coupon) throw new Error('the bought coupon is not in My QR');
    const qrText = await decodeQrPng(await qrPngOf(request, buyer, coupon));

    await openAsTelegram(page, buyer, { path: '/my-coupons' });
    const image = page.locator('.slider__slide:not([aria-hidden]) .coupon-slide__qr img');
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    const { shown, natural } = await image.evaluate((img: HTMLImageElement) => ({
      shown: img.getBoundingClientRect().width,
      natural: img.naturalWidth,
    }));
    // The slide's card edge to edge (350 of 390 CSS px); the modules counted with the white margin.
    const pxPerModule = shown / (natural / PNG_PX_PER_MODULE);
    expect(shown).toBeGreaterThanOrEqual(350);
    expect(pxPerModule).toBeGreaterThanOrEqual(4.5);
    test.info().annotations.push({ type: 'CSS px a module', description: pxPerModule.toFixed(2) });

    // The buyer's screenshot, as a partner's phone might get it: the whole screen scaled down to 200
    // px wide and blurred by a pixel, then read by the decoder the partner's app uses.
    const screenshot = await page.screenshot();
    const small = scaledAndBlurred(PNG.sync.read(screenshot), 200);
    expect(await decodeQrPng(PNG.sync.write(small))).toBe(qrText);
  });
}
