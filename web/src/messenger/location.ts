import { hasTelegramLocation, watchTelegramLocation } from '@/telegram/location';
import { ofLaunch } from './messenger-of-launch';

export type Fix = { lat: number; lon: number; accuracy: number | null };

export type LocationHandlers = {
  onFix: (fix: Fix) => void;
  /** Refused, or the messenger failed: no more fixes will come. */
  onError: (error: unknown) => void;
  /** This device has no location for the messenger (a desktop): the caller turns to the browser's. */
  onUnavailable: () => void;
};

/** The messenger's own location, asked again and again until the returned stop is called. */
export type MessengerLocation = { watch: (handlers: LocationHandlers) => () => void };

const TELEGRAM_LOCATION: MessengerLocation = { watch: watchTelegramLocation };

/**
 * The location of this launch's client, an optional capability: MAX's mini-apps have none (ADR
 * 0019), and there the browser's geolocation is asked.
 */
export const messengerLocation = (): MessengerLocation | undefined =>
  ofLaunch({
    telegram: () => (hasTelegramLocation() ? TELEGRAM_LOCATION : undefined),
    max: () => () => undefined,
  })();
