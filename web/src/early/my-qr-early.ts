/**
 * Runs apart from the app and before it (index.html loads it on its own, async; it imports
 * nothing): on a launch straight into My QR it asks for the list, then each QR image, at once, so
 * they come while the app's scripts are still on their way instead of after them (issue 14: My QR's
 * largest paint is the QR). Signed like every request of the app, by the launch's init data in the
 * Authorization header. The app takes the answer over (features/my-coupons/api/early-answer.ts).
 */
import type { EarlyMyQr } from './early-my-qr-types';

const MY_QR_PATH = '/my-coupons';

function launchInitData(): string | null {
  const fromHash = new URLSearchParams(window.location.hash.slice(1)).get('tgWebAppData');
  return fromHash ?? new URLSearchParams(window.location.search).get('tgWebAppData');
}

function launchUsername(initData: string): string | undefined {
  try {
    const user = JSON.parse(new URLSearchParams(initData).get('user') ?? '{}') as { username?: unknown };
    return typeof user.username === 'string' ? user.username : undefined;
  } catch {
    return undefined;
  }
}

async function asDataUrl(response: Response): Promise<string> {
  if (!response.ok) throw new Error(`QR image: ${response.status}`);
  const blob = await response.blob();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

function startEarly(initData: string, username: string): EarlyMyQr {
  const headers = { Accept: 'application/json', Authorization: `tma ${initData}` };
  const answer = fetch(`/api/coupon/valid/qr/customer/${encodeURIComponent(username)}`, { headers }).then(
    async (response) => {
      // Anything but the list (a refusal, a failure) the app meets again by asking itself.
      if (!response.ok) throw new Error(`My QR list: ${response.status}`);
      const body: unknown = await response.json();
      const urls = Array.isArray(body)
        ? body
            .map((coupon: { qrImageUrl?: unknown }) => coupon.qrImageUrl)
            .filter((url) => typeof url === 'string')
        : [];
      const images = Object.fromEntries(
        urls.map((url) => [url, fetch(url, { headers }).then(asDataUrl)] as const),
      );
      // Not awaited by anyone when the app finds the list on the device instead; no unhandled rejection.
      for (const image of Object.values(images)) image.catch(() => {});
      return { body, etag: response.headers.get('ETag'), images };
    },
  );
  answer.catch(() => {});
  return { username, answer };
}

const initData = launchInitData();
const username = initData && window.location.pathname === MY_QR_PATH ? launchUsername(initData) : undefined;
if (initData && username) window.__earlyMyQr = startEarly(initData, username);
