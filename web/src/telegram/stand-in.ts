import { paths } from '@/config/paths';
import { systemColorScheme } from '@/lib/color-scheme';
import { receiveEvent } from './bridge';
import { keepLaunchParams, type ThemeParams } from './launch-params';

/**
 * The local stand-in (ARCHITECTURE §4): outside Telegram the server signs init data for a demo
 * user, and the page imitates the Telegram client around it. The chosen init data lives in
 * sessionStorage, so a reload keeps the user and a new tab asks again.
 */
const STAND_IN_INIT_DATA_KEY = 'katajsya.standInInitData';

// Telegram's own default palettes, so the stand-in looks like the real client.
const LIGHT_THEME: ThemeParams = {
  accent_text_color: '#2481cc',
  bg_color: '#ffffff',
  button_color: '#2481cc',
  button_text_color: '#ffffff',
  destructive_text_color: '#e53935',
  header_bg_color: '#ffffff',
  hint_color: '#999999',
  link_color: '#2481cc',
  secondary_bg_color: '#efeff3',
  section_bg_color: '#ffffff',
  section_header_text_color: '#6d6d72',
  section_separator_color: '#e7e7e7',
  subtitle_text_color: '#999999',
  text_color: '#000000',
};

const DARK_THEME: ThemeParams = {
  accent_text_color: '#6ab2f2',
  bg_color: '#17212b',
  button_color: '#5288c1',
  button_text_color: '#ffffff',
  destructive_text_color: '#ec3942',
  header_bg_color: '#17212b',
  hint_color: '#708499',
  link_color: '#6ab3f3',
  secondary_bg_color: '#232e3c',
  section_bg_color: '#17212b',
  section_header_text_color: '#6ab3f3',
  section_separator_color: '#111921',
  subtitle_text_color: '#708499',
  text_color: '#f5f5f5',
};

const NO_INSETS = { top: 0, bottom: 0, left: 0, right: 0 };

export const readStandInInitData = () => sessionStorage.getItem(STAND_IN_INIT_DATA_KEY) ?? undefined;

export const isStandIn = () => readStandInInitData() !== undefined;

export function rememberStandIn(initData: string): void {
  sessionStorage.setItem(STAND_IN_INIT_DATA_KEY, initData);
}

export function forgetStandIn(): void {
  sessionStorage.removeItem(STAND_IN_INIT_DATA_KEY);
}

/** Back to the user picker. */
export function leaveStandIn(): void {
  // The launch parameters, and with them the user, are kept in sessionStorage as well.
  sessionStorage.clear();
  window.location.replace(paths.home.getHref());
}

/**
 * Opens the app anew for `initData` at `path`, as Telegram does for a bot's button or a t.me link:
 * a fresh launch, with nothing of the last one kept but the stand-in's user.
 */
export function relaunchStandIn(initData: string, path: string): void {
  sessionStorage.clear();
  rememberStandIn(initData);
  window.location.assign(path);
}

/** The app asked to open a t.me link (an invitation to share): the stand-in shows what Telegram would. */
export const STAND_IN_TG_LINK_EVENT = 'katajsya:stand-in-tg-link';

/** The last t.me link asked for and not shown yet: the view that shows it may still be loading. */
let unshownTgLink: string | undefined;

/** The t.me link waiting to be shown, once. */
export function takeUnshownTgLink(): string | undefined {
  const link = unshownTgLink;
  unshownTgLink = undefined;
  return link;
}

/** Makes the page a Telegram environment for the chosen user; call before startTelegram(). */
export function mockTelegramForStandIn(initData: string): void {
  keepLaunchParams(
    new URLSearchParams({
      tgWebAppData: initData,
      tgWebAppVersion: '8.0',
      tgWebAppPlatform: 'web',
      tgWebAppThemeParams: JSON.stringify(systemColorScheme() === 'dark' ? DARK_THEME : LIGHT_THEME),
    }).toString(),
  );
  Object.assign(window, {
    TelegramWebviewProxy: {
      postEvent: (method: string, params?: string) =>
        answerLikeTelegram(method, params && JSON.parse(params)),
    },
  });
}

/** What the app asks of Telegram, answered as a Telegram client on a plain screen would. */
function answerLikeTelegram(method: string, params: unknown): void {
  switch (method) {
    case 'web_app_open_link': {
      // Telegram opens links in the browser; here that is a new tab (the sandbox checkout, say).
      const url = (params as { url?: unknown } | undefined)?.url;
      if (typeof url === 'string') window.open(url, '_blank', 'noopener');
      return;
    }
    case 'web_app_open_tg_link': {
      const pathFull = (params as { path_full?: unknown } | undefined)?.path_full;
      if (typeof pathFull === 'string') {
        unshownTgLink = pathFull;
        window.dispatchEvent(new CustomEvent(STAND_IN_TG_LINK_EVENT));
      }
      return;
    }
    case 'web_app_request_safe_area':
      receiveEvent('safe_area_changed', NO_INSETS);
      return;
    case 'web_app_request_content_safe_area':
      receiveEvent('content_safe_area_changed', NO_INSETS);
      return;
  }
}
