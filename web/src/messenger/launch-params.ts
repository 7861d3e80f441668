import {
  launchParams,
  launchInitData as telegramInitData,
  launchUser as telegramUser,
} from '@/telegram/launch-params';
import { ofLaunch } from './messenger-of-launch';

/** The signed user of the launch: the messenger's id for them and their username, if they have one. */
export type LaunchUser = { id: number; username?: string };

/** The init data as the messenger signed it, sent with every API request. */
export const launchInitData = (): string | undefined =>
  ofLaunch({ telegram: telegramInitData, max: (max) => max.initData })();

/**
 * The `Authorization` scheme the init data goes under, which tells the server whose signature to
 * check: Telegram's `tma`, MAX's `max`.
 */
export const launchAuthScheme = (): string => ofLaunch({ telegram: 'tma', max: () => 'max' });

export const launchUser = (): LaunchUser | undefined =>
  ofLaunch({ telegram: telegramUser, max: (max) => max.user })();

/** The start parameter of the link that opened the app (`startapp=…`), if any. */
export const launchStartParam = (): string | undefined =>
  ofLaunch({ telegram: () => launchParams()?.startParam, max: (max) => max.startParam })();
