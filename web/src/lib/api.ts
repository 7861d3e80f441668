import { createApiClient } from './api-client';
import { takeEarlyGet } from './early-gets';

let initDataOfLaunch: () => string | undefined = () => undefined;

/**
 * Names where the init data that authorises every request comes from: the launch's, as the app
 * starts (main.tsx). lib/ knows nothing of Telegram itself.
 */
export function authoriseRequestsWith(initData: () => string | undefined): void {
  initDataOfLaunch = initData;
}

/** The app's one API client, taking over what the early script asked for before the app ran. */
export const api = createApiClient({ getInitData: () => initDataOfLaunch(), takeEarly: takeEarlyGet });
