import { MAX_ACCURACY_M } from '#contract/geo';
import { type Fix, messengerLocation } from '@/messenger/location';

/** SPEC §9: high accuracy, never a cached position, an hour before the watch gives up. */
const WATCH_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 3_600_000, maximumAge: 0 };

export type Position = { lat: number; lon: number; accuracy: number };

type Handlers = {
  onPosition: (position: Position) => void;
  /** Refused, or the position could not be had: the watch is over. */
  onError: (error: unknown) => void;
};

/** Some position source exists here: the messenger's location or the browser's geolocation. */
export const canWatchPosition = () => messengerLocation() !== undefined || 'geolocation' in navigator;

function watchBrowserPosition({ onPosition, onError }: Handlers): () => void {
  if (!('geolocation' in navigator)) {
    onError(new Error('this browser has no geolocation'));
    return () => {};
  }
  // Cleared on the geolocation it started on, whatever navigator holds by then.
  const { geolocation } = navigator;
  const watchId = geolocation.watchPosition(
    ({ coords }) => onPosition({ lat: coords.latitude, lon: coords.longitude, accuracy: coords.accuracy }),
    onError,
    WATCH_OPTIONS,
  );
  return () => geolocation.clearWatch(watchId);
}

const fromMessenger = ({ lat, lon, accuracy }: Fix): Position => ({
  lat,
  lon,
  accuracy: accuracy ?? MAX_ACCURACY_M,
});

/**
 * Watches the device's position: through the messenger's location where the client has it
 * (Telegram's LocationManager asks once, and works where the webview's own geolocation is blocked),
 * through the browser's watchPosition elsewhere, and on a device without location for the
 * messenger. Returns the stop.
 */
export function watchPosition(handlers: Handlers): () => void {
  const location = messengerLocation();
  if (!location) return watchBrowserPosition(handlers);
  let stopBrowser: (() => void) | undefined;
  const stopMessenger = location.watch({
    onFix: (fix) => handlers.onPosition(fromMessenger(fix)),
    onError: handlers.onError,
    onUnavailable: () => {
      stopBrowser = watchBrowserPosition(handlers);
    },
  });
  return () => {
    stopMessenger();
    stopBrowser?.();
  };
}
