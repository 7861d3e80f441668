/**
 * Runs apart from the app and before it (index.html loads it on its own, async; it imports
 * nothing): asks at once for what the first screen waits for, so it comes while the app's scripts
 * are still on their way instead of after them. Every launch asks for the user
 * (/api/me); a launch straight into My QR also for the list, then each QR image (My QR's largest
 * paint is the QR). Signed like every request of the app, by the launch's init data in the
 * Authorization header, under the scheme of the messenger that launched it (Telegram's `tma`, MAX's
 * `max`). The app takes the answers over (lib/early-gets.ts,
 * features/my-coupons/api/early-answer.ts).
 */
import type { EarlyGets, EarlyMyQr } from './early-types';

const MY_QR_PATH = '/my-coupons';

type Launch = { initData: string; scheme: 'tma' | 'max' };

/** Telegram's launch (`tgWebAppData`, in the hash or the query), or MAX's (`WebAppData`, in the hash). */
function launchInitData(): Launch | undefined {
  const hash = new URLSearchParams(window.location.hash.slice(1));
  const telegram =
    hash.get('tgWebAppData') ?? new URLSearchParams(window.location.search).get('tgWebAppData');
  if (telegram) return { initData: telegram, scheme: 'tma' };
  const max = hash.get('WebAppData');
  return max ? { initData: max, scheme: 'max' } : undefined;
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

const headersFor = ({ initData, scheme }: Launch) => ({
  Accept: 'application/json',
  Authorization: `${scheme} ${initData}`,
});

/** A request whose failure nobody may wait for (the app then asks itself): no unhandled rejection. */
function quiet<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}

/** Paths the app asks for on every first screen, before it can draw what depends on them. */
const FIRST_GETS = ['/api/me'];

function startGets(launch: Launch): EarlyGets {
  const headers = headersFor(launch);
  return {
    initData: launch.initData,
    responses: Object.fromEntries(FIRST_GETS.map((path) => [path, quiet(fetch(path, { headers }))])),
  };
}

function startMyQr(launch: Launch, username: string): EarlyMyQr {
  const headers = headersFor(launch);
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
      // Not awaited by anyone when the app finds the list on the device instead.
      for (const image of Object.values(images)) quiet(image);
      // The app takes the list over in a task after this one: the images' requests then do not
      // share a task with the app's code, which Lighthouse's simulation would read as the images
      // waiting for the app's script (they wait only for this one and the list).
      await new Promise((resolve) => setTimeout(resolve));
      return { body, etag: response.headers.get('ETag'), images };
    },
  );
  return { username, answer: quiet(answer) };
}

const launch = launchInitData();
if (launch) {
  window.__earlyGets = startGets(launch);
  const username = window.location.pathname === MY_QR_PATH ? launchUsername(launch.initData) : undefined;
  if (username) window.__earlyMyQr = startMyQr(launch, username);
}
