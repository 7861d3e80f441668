/** The decoder (its script or its WASM) could not be fetched: nothing to do with the picture. */
export class QrDecoderMissing extends Error {}

/**
 * The image decoder, its WASM compiled. Its script and WASM (321 KB on the wire) come only for the
 * check screen, which asks for them as it opens (`prepareScanning`); a file read later, with no
 * signal, then needs nothing from the network.
 */
export async function loadQrDecoder() {
  try {
    const decoder = await import('./decode-qr-image');
    await decoder.prepareQrDecoder();
    return decoder;
  } catch (error) {
    throw new QrDecoderMissing('The QR decoder could not be loaded', { cause: error });
  }
}
