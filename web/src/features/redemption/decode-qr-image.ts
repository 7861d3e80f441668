import { prepareZXingModule, purgeZXingModule, readBarcodes } from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/** The decoder's WASM as this build serves it (ourselves, not a CDN): the offline shell keeps it. */
export const QR_DECODER_WASM_URL = wasmUrl;

const overrides = {
  locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
};

let ready: Promise<void> | undefined;

/**
 * Fetches and compiles the WASM now, not at the first picture: the check screen asks for it as it
 * opens, while there is a signal. A failed fetch is forgotten (the library would keep its rejection
 * for good), so the next call, with a network again, tries anew.
 */
export function prepareQrDecoder(): Promise<void> {
  ready ??= (async () => {
    try {
      await prepareZXingModule({ overrides, fireImmediately: true });
    } catch (error) {
      ready = undefined;
      purgeZXingModule();
      throw error;
    }
  })();
  return ready;
}

/**
 * The text of the QR code in an image (a photo, a screenshot or a camera frame), or undefined when
 * none is found. Call it once `prepareQrDecoder` has settled: without it the library would look for
 * its WASM on a CDN.
 */
export async function decodeQrImage(image: Blob | ImageData): Promise<string | undefined> {
  const [found] = await readBarcodes(image, { formats: ['QRCode'], tryHarder: true, maxNumberOfSymbols: 1 });
  return found?.isValid ? found.text : undefined;
}
