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

/** How the app's <img> shows a QR it fetched: a `data:` address of its PNG. */
export const shownQr = (png: Uint8Array) => `data:image/png;base64,${Buffer.from(png).toString('base64')}`;

/** The coupon token a QR carries (SPEC §3 `purchased_coupon_id`), read as the partner's app reads it. */
export function qrToken(qrText: string): string {
  const { token } = parseCouponQr(qrText);
  if (!token) throw new Error(`no ${COUPON_TOKEN_KEY} in «${qrText}»`);
  return token;
}
