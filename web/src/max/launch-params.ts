/**
 * What MAX hands the app at launch, in the URL's hash (dev.max.ru/docs/webapps/validation):
 * `WebAppData` (the init data the server checks), `WebAppPlatform`, `WebAppVersion` and, from a
 * `max.ru/<bot>?startapp=…` link, `WebAppStartParam`. Only the finding and keeping is here, in the
 * entry every screen carries; the reading is in MAX's adapter (init-data.ts), fetched on a MAX launch.
 */

/** The hash is gone once the app moves to another screen: the launch is kept for the tab. */
const KEPT_KEY = 'katajsya.maxLaunchParams';

/** The launch parameters in this page's address, when MAX just launched it. */
export function maxLaunchQueryInUrl(): string | undefined {
  const query = window.location.hash.slice(1);
  return new URLSearchParams(query).has('WebAppData') ? query : undefined;
}

/** This tab's MAX launch: from the address when it has one (kept from then on), else as kept. */
export function maxLaunchQuery(): string | undefined {
  const inUrl = maxLaunchQueryInUrl();
  if (inUrl) sessionStorage.setItem(KEPT_KEY, inUrl);
  return inUrl ?? sessionStorage.getItem(KEPT_KEY) ?? undefined;
}
