import type { Page } from '@playwright/test';
import { signInitData, type TelegramUser } from '../../server/src/telegram/init-data.ts';
import { E2E_BOT_TOKEN } from './constants.ts';

export const LIGHT_THEME = {
  bg_color: '#ffffff',
  text_color: '#000000',
  hint_color: '#707579',
  link_color: '#3390ec',
  button_color: '#3390ec',
  button_text_color: '#ffffff',
  secondary_bg_color: '#f4f4f5',
  section_bg_color: '#ffffff',
  destructive_text_color: '#e53935',
  header_bg_color: '#ffffff',
  accent_text_color: '#3390ec',
  subtitle_text_color: '#707579',
  section_header_text_color: '#3390ec',
};

export const DARK_THEME = {
  bg_color: '#212121',
  text_color: '#ffffff',
  hint_color: '#aaaaaa',
  link_color: '#8774e1',
  button_color: '#8774e1',
  button_text_color: '#ffffff',
  secondary_bg_color: '#0f0f0f',
  section_bg_color: '#212121',
  destructive_text_color: '#ff595a',
  header_bg_color: '#212121',
  accent_text_color: '#8774e1',
  subtitle_text_color: '#aaaaaa',
  section_header_text_color: '#8774e1',
};

export type TelegramEvent = [type: string, data: unknown];

/**
 * Opens the mini-app the way Telegram Desktop does: launch parameters in the URL hash (init data
 * signed with the bot token) and `window.TelegramWebviewProxy` to receive the app's events.
 */
export async function openAsTelegram(
  page: Page,
  user: TelegramUser,
  options: { path?: string; theme?: 'light' | 'dark'; botToken?: string } = {},
) {
  await page.addInitScript(() => {
    const events: TelegramEvent[] = [];
    Object.assign(window, {
      __telegramEvents: events,
      TelegramWebviewProxy: {
        postEvent(type: string, data: string) {
          events.push([type, data ? JSON.parse(data) : null]);
        },
      },
    });
  });
  const initData = signInitData(user, options.botToken ?? E2E_BOT_TOKEN);
  const theme = options.theme === 'dark' ? DARK_THEME : LIGHT_THEME;
  const hash = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: 'tdesktop',
    tgWebAppThemeParams: JSON.stringify(theme),
  });
  await page.emulateMedia({ colorScheme: options.theme === 'dark' ? 'dark' : 'light' });
  // A goto that changes only the hash keeps the app already running, with its user: start afresh.
  if (page.url() !== 'about:blank') await page.goto('about:blank');
  await page.goto(`${options.path ?? '/'}#${hash.toString()}`);
}

/** Events the app sent to Telegram so far. */
export function telegramEvents(page: Page): Promise<TelegramEvent[]> {
  return page.evaluate(() => (window as unknown as { __telegramEvents: TelegramEvent[] }).__telegramEvents);
}

/** The addresses the app asked Telegram to open (`web_app_open_link`), oldest first. */
export async function linksOpenedByTelegram(page: Page) {
  return (await telegramEvents(page))
    .filter(([type]) => type === 'web_app_open_link')
    .map(([, data]) => (data as { url?: string } | null)?.url ?? '');
}

/** Plays Telegram's part: delivers an event to the app as the desktop client does. */
export function emitTelegramEvent(page: Page, eventType: string, eventData?: unknown) {
  return page.evaluate(
    ([type, data]) => {
      const receiver = (
        window as unknown as { Telegram?: { WebView?: { receiveEvent?: (t: string, d: unknown) => void } } }
      ).Telegram?.WebView?.receiveEvent;
      if (receiver) receiver(type as string, data);
      else
        window.dispatchEvent(
          new MessageEvent('message', { data: JSON.stringify({ eventType: type, eventData: data }) }),
        );
    },
    [eventType, eventData] as const,
  );
}
