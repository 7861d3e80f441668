import type { MaxAdapter } from '@/max/adapter';
import { MAX_NAME } from '@/max/messenger-name';
import { TELEGRAM_NAME } from '@/telegram/messenger-name';

/** The messengers the app has an adapter for, each with the name its people know it by. */
const NAMES = { telegram: TELEGRAM_NAME, max: MAX_NAME } as const;

export type MessengerId = keyof typeof NAMES;

/** The messenger that launched this page, once the launch (launch.ts) knows it. */
let launched: MessengerId | undefined;

/**
 * MAX's adapter, which hands itself over once started: a MAX launch fetches its chunk before the app
 * renders, so a Telegram launch never carries its bytes (a type-only import above costs none).
 */
let maxAdapter: MaxAdapter | undefined;

export function launchedIn(messenger: MessengerId): void {
  launched = messenger;
}

export function maxAdapterLoaded(adapter: MaxAdapter): void {
  maxAdapter = adapter;
}

/** The messenger of this launch; undefined on a page none launched (a plain browser). */
export const launchMessenger = (): MessengerId | undefined => launched;

/**
 * The messenger the texts name: the launch's. A page none launched (a component test) is told of
 * Telegram, whose adapter `ofLaunch` gives it too.
 */
export const messengerName = (): string => NAMES[launched ?? 'telegram'];

/** Every messenger the app opens in, named to someone in a plain browser: «Telegram или MAX». */
export const everyMessengerName = (): string => Object.values(NAMES).join(' или ');

/**
 * A capability as the launch's messenger gives it: Telegram's as it is, MAX's taken from its
 * adapter, which has handed itself over once started. A page no messenger launched (a plain
 * browser, a component test), or whose MAX start failed, gets Telegram's, which does nothing a
 * client would without one to talk to. A new capability fails the typecheck until each messenger
 * has its side.
 */
export const ofLaunch = <T>(adapters: { telegram: T; max: (max: MaxAdapter) => T }): T =>
  launched === 'max' && maxAdapter ? adapters.max(maxAdapter) : adapters.telegram;
