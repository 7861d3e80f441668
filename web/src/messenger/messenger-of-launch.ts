import { TELEGRAM_NAME } from '@/telegram/messenger-name';

/**
 * The messengers the app has an adapter for, each with the name its people know it by. MAX joins
 * here (ADR 0019); from then on `ofLaunch` fails the typecheck wherever a capability has no MAX side.
 */
const NAMES = { telegram: TELEGRAM_NAME } as const;

export type MessengerId = keyof typeof NAMES;

/** The messenger that launched this page, once the launch (launch.ts) knows it. */
let launched: MessengerId | undefined;

export function launchedIn(messenger: MessengerId): void {
  launched = messenger;
}

/** The messenger the texts name: the launch's, or on a page none launched, each the app opens in. */
export const messengerName = (): string => (launched ? NAMES[launched] : Object.values(NAMES).join(' или '));

/**
 * A capability as the launch's messenger gives it. A page no messenger launched (a plain browser,
 * a component test) gets Telegram's, which does nothing a client would without one to talk to.
 */
export const ofLaunch = <T>(adapters: Record<MessengerId, T>): T => adapters[launched ?? 'telegram'];
