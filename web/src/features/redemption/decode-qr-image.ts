import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

// This module is imported dynamically by the check screen only (file picker and browser camera); the
// .wasm is served by us, not a CDN.
prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
  },
});

/**
 * The text of the QR code in an image (a photo, a screenshot or a camera frame), or undefined when
 * none is found.
 */
export async function decodeQrImage(image: Blob | ImageData): Promise<string | undefined> {
  const [found] = await readBarcodes(image, { formats: ['QRCode'], tryHarder: true, maxNumberOfSymbols: 1 });
  return found?.isValid ? found.text : undefined;
}
