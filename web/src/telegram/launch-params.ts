/**
 * What Telegram hands the app at launch, in the URL's hash (core.telegram.org/bots/webapps):
 * `tgWebAppData` (the init data the server checks), the client's Mini Apps version and platform,
 * its theme, and the link's start parameter.
 */

/** Telegram's palette: `bg_color`, `button_color`, ... as `#rrggbb`. */
export type ThemeParams = Record<string, string>;

/** The user of the init data, as Telegram names the fields. */
export type LaunchUser = {
  id: number;
  first_name?: string;
  last_name?: string;
  username?: string;
  allows_write_to_pm?: boolean;
};

export type LaunchParams = {
  /** The init data as signed, sent with every API request. */
  initData: string;
  user: LaunchUser | undefined;
  startParam: string | undefined;
  version: string;
  platform: string;
  themeParams: ThemeParams;
};

/**
 * The hash is gone once the app moves to another screen, so a reload there would have nothing:
 * the launch's parameters are kept for the tab, as Telegram keeps one tab per launch.
 */
const KEPT_KEY = 'katajsya.launchParams';

function parseJson<T>(text: string | null): T | undefined {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

function parse(query: string): LaunchParams | undefined {
  const params = new URLSearchParams(query);
  const initData = params.get('tgWebAppData');
  if (!initData) return undefined;
  const fields = new URLSearchParams(initData);
  return {
    initData,
    user: parseJson<LaunchUser>(fields.get('user')),
    startParam: params.get('tgWebAppStartParam') ?? fields.get('start_param') ?? undefined,
    version: params.get('tgWebAppVersion') ?? '6.0',
    platform: params.get('tgWebAppPlatform') ?? 'unknown',
    themeParams: parseJson<ThemeParams>(params.get('tgWebAppThemeParams')) ?? {},
  };
}

/** The launch parameters in this page's address, when Telegram just launched it. */
export function launchQueryInUrl(): string | undefined {
  for (const query of [window.location.hash.slice(1), window.location.search.slice(1)])
    if (new URLSearchParams(query).has('tgWebAppData')) return query;
  return undefined;
}

/** Keeps the launch parameters of this tab (see KEPT_KEY), a real launch's or the stand-in's. */
export function keepLaunchParams(query: string): void {
  sessionStorage.setItem(KEPT_KEY, query);
}

let cached: { query: string; params: LaunchParams | undefined } | undefined;

/** This tab's launch: from the address when it has one, else as kept; undefined outside Telegram. */
export function launchParams(): LaunchParams | undefined {
  const query = launchQueryInUrl() ?? sessionStorage.getItem(KEPT_KEY);
  if (query === null) return undefined;
  if (cached?.query !== query) cached = { query, params: parse(query) };
  return cached.params;
}

export const launchInitData = () => launchParams()?.initData;
export const launchUser = () => launchParams()?.user;

function versionParts(version: string): number[] {
  return version.split('.').map(Number);
}

/** Whether the client's Mini Apps version is `since` or later. */
export function clientVersionAtLeast(since: string): boolean {
  const version = launchParams()?.version;
  if (!version) return false;
  const have = versionParts(version);
  const need = versionParts(since);
  for (let i = 0; i < Math.max(have.length, need.length); i += 1) {
    const a = have[i] ?? 0;
    const b = need[i] ?? 0;
    if (a !== b) return a > b;
  }
  return true;
}
