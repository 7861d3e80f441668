import { keepInOfflineShell } from '@/lib/offline-shell';
import { prepareEd25519 } from './offline/ed25519';
import { loadQrDecoder } from './qr-decoder';

/**
 * Fetches, as the check screen opens with a signal, all that scanning and redeeming will need once
 * the signal is gone: the image decoder and its WASM, also kept by the offline shell for
 * an app opened again with no signal, and the Ed25519 library where WebCrypto lacks it. The screen
 * itself, the camera scanner and their texts come in the screen's own chunk; the kit is the offline
 * redemptions' to refresh.
 */
export async function prepareScanning(): Promise<void> {
  const [decoder, verifier] = await Promise.allSettled([loadQrDecoder(), prepareEd25519()]);
  if (decoder.status === 'fulfilled') keepInOfflineShell([decoder.value.QR_DECODER_WASM_URL]);
  else console.warn('The QR decoder was not fetched ahead', decoder.reason);
  if (verifier.status === 'rejected')
    console.warn('The signature check was not fetched ahead', verifier.reason);
}
