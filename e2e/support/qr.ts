import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { COUPON_TOKEN_KEY, parseCouponQr } from '#contract/coupon-qr';

const require = createRequire(import.meta.url);

let prepared: Promise<unknown> | undefined;

/** In Node there is no server to fetch the .wasm from: it is handed to the module as bytes. */
function prepareReader() {
  prepared ??= readFile(require.resolve('zxing-wasm/reader/zxing_reader.wasm')).then((wasm) =>
    prepareZXingModule({
      overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
      fireImmediately: true,
    }),
  );
  return prepared;
}

/** The text of the QR code in a PNG, as a partner's scanner would read it. */
export async function decodeQrPng(png: Uint8Array): Promise<string> {
  await prepareReader();
  const [found] = await readBarcodes(png, { formats: ['QRCode'] });
  if (!found?.isValid) throw new Error(`no readable QR in the image${found ? `: ${found.error}` : ''}`);
  return found.text;
}

/** The PNG behind a `data:image/png;base64,…` address (or bare base64), as the app shows it. */
export const pngFromBase64 = (base64: string) =>
  new Uint8Array(Buffer.from(base64.replace(/^data:image\/png;base64,/, ''), 'base64'));

/** The coupon token a QR carries (SPEC §3 `purchased_coupon_id`), read as the partner's app reads it. */
export function qrToken(qrText: string): string {
  const { token } = parseCouponQr(qrText);
  if (!token) throw new Error(`no ${COUPON_TOKEN_KEY} in «${qrText}»`);
  return token;
}
