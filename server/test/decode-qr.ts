import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

let prepared = false;

/** The text of the QR code in a PNG, read by the decoder the partner's app uses (zxing-wasm). */
export async function decodeQrPng(png: Uint8Array): Promise<string> {
  if (!prepared) {
    // zxing-wasm fetches its wasm in a browser; here it is read from the package.
    const wasm = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
    prepareZXingModule({
      overrides: { wasmBinary: readFileSync(wasm).buffer as ArrayBuffer },
      fireImmediately: true,
    });
    prepared = true;
  }
  const [found] = await readBarcodes(png, { formats: ['QRCode'] });
  if (!found?.isValid) throw new Error('no readable QR in the image');
  return found.text;
}
