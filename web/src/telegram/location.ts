import type { LocationHandlers } from '@/messenger/location';
import { request, TelegramTimeoutError } from './bridge';
import { supports } from './protocol';

/** Telegram's location answers one request at a time: asked this often, a point is never older. */
const REFRESH_MS = 15_000;

/** A client says at once whether it has location; one that says nothing is taken to have none. */
const CHECK_TIMEOUT_MS = 3000;

/**
 * Telegram's own LocationManager (Mini Apps 8.0): it asks the user once for the bot and works
 * where the webview's geolocation is blocked. Not in the local stand-in, which has no location.
 */
export const hasTelegramLocation = () => supports('web_app_request_location');

/** Whether this device has location for Telegram, asked once per page (`location_checked`). */
let deviceHasLocation: Promise<boolean> | undefined;

function checkLocation(): Promise<boolean> {
  deviceHasLocation ??= request('web_app_check_location', undefined, ['location_checked'], {
    timeoutMs: CHECK_TIMEOUT_MS,
  }).then(
    ({ payload }) => payload.available === true,
    (error: unknown) => {
      deviceHasLocation = undefined;
      if (error instanceof TelegramTimeoutError) return false;
      throw error;
    },
  );
  return deviceHasLocation;
}

/** Asks Telegram for the position now and every REFRESH_MS until the returned stop is called. */
export function watchTelegramLocation({ onFix, onError, onUnavailable }: LocationHandlers): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const ask = async () => {
    try {
      const available = await checkLocation();
      if (stopped) return;
      if (!available) {
        onUnavailable();
        return;
      }
      const { payload: location } = await request('web_app_request_location', undefined, [
        'location_requested',
      ]);
      if (stopped) return;
      if (!location.available) throw new Error('Telegram has no location for this app: access was refused');
      onFix({
        lat: location.latitude,
        lon: location.longitude,
        accuracy: location.horizontal_accuracy ?? null,
      });
      timer = setTimeout(() => void ask(), REFRESH_MS);
    } catch (error) {
      if (!stopped) onError(error);
    }
  };
  void ask();

  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
