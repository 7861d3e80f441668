import { createApiClient } from './api-client';
import { takeEarlyGet } from './early-gets';

let initDataOfLaunch: () => string | undefined = () => undefined;
let schemeOfLaunch: () => string = () => 'tma';

/**
 * Names where the init data that authorises every request comes from, and the `Authorization`
 * scheme it goes under: the launch's, as the app starts (main.tsx). lib/ knows no messenger itself.
 */
export function authoriseRequestsWith(initData: () => string | undefined, scheme: () => string): void {
  initDataOfLaunch = initData;
  schemeOfLaunch = scheme;
}

/** The app's one API client, taking over what the early script asked for before the app ran. */
export const api = createApiClient({
  getInitData: () => initDataOfLaunch(),
  getScheme: () => schemeOfLaunch(),
  takeEarly: takeEarlyGet,
});
