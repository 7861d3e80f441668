import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { renderQrPng } from './qr-png.ts';

const SIGNED =
  "purchased_coupon_id=Q2sXbV0rXHkqE3l1Zt9Jxw,status=NOT_USED,date=15.07.2026,partner=Клуб «Белая вода»,region=Карелия,discount=200,address='г. Петрозаводск, ул. Ленина, 1',telegramName=@demo_member,exp=2026-12-31,pid=1,sig=k1." +
  'B'.repeat(86);

beforeAll(() => {
  // zxing-wasm fetches its wasm in a browser; here it is read from the package.
  const wasm = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
  prepareZXingModule({
    overrides: { wasmBinary: readFileSync(wasm).buffer as ArrayBuffer },
    fireImmediately: true,
  });
});

describe('the QR image', () => {
  it('is read back as its text by a decoder other than the one that drew it', async () => {
    const [found] = await readBarcodes(new Uint8Array(renderQrPng(SIGNED)), { formats: ['QRCode'] });
    expect(found?.text).toBe(SIGNED);
  });

  it('is a valid PNG whose every pixel is its module: black on white, 8 px a module, 2 modules of margin', () => {
    const image = PNG.sync.read(renderQrPng(SIGNED));
    const { modules } = QRCode.create(SIGNED, { errorCorrectionLevel: 'M' });
    expect(image.width).toBe((modules.size + 4) * 8);
    expect(image.height).toBe(image.width);
    const wrong: string[] = [];
    for (let y = 0; y < image.height; y += 1) {
      for (let x = 0; x < image.width; x += 1) {
        const [mx, my] = [Math.floor(x / 8) - 2, Math.floor(y / 8) - 2];
        const dark =
          mx >= 0 && my >= 0 && mx < modules.size && my < modules.size && modules.get(my, mx) === 1;
        if (image.data[(y * image.width + x) * 4] !== (dark ? 0 : 255)) wrong.push(`${x},${y}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('takes a bit a pixel: a signed coupon’s image is under 2 KB', () => {
    expect(renderQrPng(SIGNED).length).toBeLessThan(2048);
  });
});
