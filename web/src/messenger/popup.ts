import { clientHasPopup, showPopupAlert } from '@/telegram/show-alert';
import { ofLaunch } from './messenger-of-launch';

/** A message the person must acknowledge, in the messenger's own popup; resolves once it is closed. */
export type Popup = { alert: (message: string) => Promise<void> };

const TELEGRAM_POPUP: Popup = { alert: showPopupAlert };

/** The popup of this launch's client, an optional capability (MAX has none: ADR 0019). */
export const popup = (): Popup | undefined =>
  ofLaunch({
    telegram: () => (clientHasPopup() ? TELEGRAM_POPUP : undefined),
    max: () => () => undefined,
  })();
