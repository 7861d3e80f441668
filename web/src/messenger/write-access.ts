import { askWriteAccessOnce as askTelegramOnce, clientAsksWriteAccess } from '@/telegram/write-access';
import { ofLaunch } from './messenger-of-launch';

/**
 * Asking whether the bot may write to the person, once, before a purchase or a gift whose news the
 * bot brings; whatever the answer, the purchase or the gift goes on.
 */
export type WriteAccess = { askOnce: () => Promise<void> };

const TELEGRAM_WRITE_ACCESS: WriteAccess = { askOnce: askTelegramOnce };

/** The question where this launch's client asks it, an optional capability (MAX has none: ADR 0019). */
export const writeAccess = (): WriteAccess | undefined =>
  ofLaunch({
    telegram: () => (clientAsksWriteAccess() ? TELEGRAM_WRITE_ACCESS : undefined),
    max: () => () => undefined,
  })();
