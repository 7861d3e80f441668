/** Bytes of a base64url text (no padding), as the server writes keys and signatures. */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replaceAll('-', '+').replaceAll('_', '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

let webCryptoHasEd25519 = true;

/** WebCrypto's key, or undefined where it has no Ed25519 (or no WebCrypto at all, outside https). */
async function webCryptoKey(publicKey: Uint8Array<ArrayBuffer>): Promise<CryptoKey | undefined> {
  if (!webCryptoHasEd25519) return undefined;
  return crypto.subtle
    ?.importKey('raw', publicKey, { name: 'Ed25519' }, false, ['verify'])
    .catch((error: unknown) => {
      // No Ed25519 here: the library from now on.
      if (error instanceof DOMException && error.name === 'NotSupportedError') webCryptoHasEd25519 = false;
      return undefined;
    });
}

const loadLibrary = () => import('@noble/ed25519');

/** RFC 8032's first test key: whether WebCrypto takes it says whether the library is needed. */
const PROBE_KEY = '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo';

/**
 * Loads now, while there is a signal, what verifying will need: nothing more where WebCrypto has
 * Ed25519, the library where it has not.
 */
export async function prepareEd25519(): Promise<void> {
  if (!(await webCryptoKey(fromBase64Url(PROBE_KEY)))) await loadLibrary();
}

/**
 * Whether `signature` is `publicKey`'s Ed25519 signature of `message`. The browser's own WebCrypto
 * where it has Ed25519 (Chrome 137, Safari 17, Firefox 129); older webviews (Telegram Desktop's,
 * an old Android System WebView) get a small library, loaded only then.
 */
export async function verifyEd25519(
  publicKey: Uint8Array<ArrayBuffer>,
  signature: Uint8Array<ArrayBuffer>,
  message: Uint8Array<ArrayBuffer>,
): Promise<boolean> {
  const key = await webCryptoKey(publicKey);
  if (key) return crypto.subtle.verify({ name: 'Ed25519' }, key, signature, message);
  const { verifyAsync } = await loadLibrary();
  try {
    // RFC 8032's strict reading, as WebCrypto and the server's Node verify.
    return await verifyAsync(signature, message, publicKey, { zip215: false });
  } catch {
    return false;
  }
}
