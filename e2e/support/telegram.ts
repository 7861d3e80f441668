import { expect, type Locator, type Page } from '@playwright/test';
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
  options: {
    path?: string;
    theme?: 'light' | 'dark';
    botToken?: string;
    /** The `startapp` parameter of a t.me link the app is opened from. */
    startParam?: string;
  } = {},
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
  // Telegram signs a link's `startapp` into the init data too: the server reads it there (an invitation).
  const initData = signInitData(user, options.botToken ?? E2E_BOT_TOKEN, new Date(), options.startParam);
  const theme = options.theme === 'dark' ? DARK_THEME : LIGHT_THEME;
  const hash = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: 'tdesktop',
    tgWebAppThemeParams: JSON.stringify(theme),
    ...(options.startParam && { tgWebAppStartParam: options.startParam }),
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

/** Telegram's bottom button as the user sees it: its text, whether a press acts, its spinner. */
export type BottomButton = { text: string; active: boolean; loading: boolean };
type BottomButtonKind = 'main' | 'secondary';

type ButtonSetup = {
  text: string;
  is_visible: boolean;
  is_active: boolean;
  is_progress_visible: boolean;
  color?: string;
  text_color?: string;
};

async function lastSetup(page: Page, kind: BottomButtonKind): Promise<ButtonSetup | undefined> {
  const setups = (await telegramEvents(page)).filter(([type]) => type === `web_app_setup_${kind}_button`);
  return setups.at(-1)?.[1] as ButtonSetup | undefined;
}

/** Telegram's main (or secondary) button as the app last set it up; null while it is hidden. */
export async function telegramButton(
  page: Page,
  kind: BottomButtonKind = 'main',
): Promise<BottomButton | null> {
  const setup = await lastSetup(page, kind);
  if (!setup?.is_visible) return null;
  return { text: setup.text, active: setup.is_active, loading: setup.is_progress_visible };
}

/**
 * Presses Telegram's main (or secondary) button once it shows `text` and a press acts, as the
 * user's thumb would: inside Telegram a screen's main action is that button, not one on the page.
 */
export async function pressTelegramButton(page: Page, text: string, kind: BottomButtonKind = 'main') {
  await expect.poll(() => telegramButton(page, kind)).toEqual({ text, active: true, loading: false });
  await emitTelegramEvent(page, `${kind}_button_pressed`);
}

/** The haptic notifications the app asked for (`success`, `error`, `warning`), oldest first. */
export async function hapticNotifications(page: Page) {
  return (await telegramEvents(page))
    .filter(([type]) => type === 'web_app_trigger_haptic_feedback')
    .map(([, data]) => data as { type: string; notification_type?: string })
    .filter(({ type }) => type === 'notification')
    .map(({ notification_type }) => notification_type);
}

/**
 * For a screenshot only: draws Telegram's bottom bar over the page as the client would, with the
 * buttons the app set up (Telegram draws them outside the page, so a headless browser shows none),
 * and leaves the page room above it. Returns a function that takes it away again.
 */
export async function drawTelegramBottomBar(page: Page): Promise<() => Promise<void>> {
  const buttons = [await lastSetup(page, 'secondary'), await lastSetup(page, 'main')].filter(
    (setup): setup is ButtonSetup => !!setup?.is_visible,
  );
  if (buttons.length === 0) return async () => {};
  await page.evaluate((setups) => {
    const bar = document.createElement('div');
    bar.id = 'e2e-telegram-bottom-bar';
    Object.assign(bar.style, {
      position: 'fixed',
      insetInline: '0',
      bottom: '0',
      zIndex: '2147483647',
      display: 'flex',
      gap: '8px',
      padding: '8px 12px 16px',
      background:
        getComputedStyle(document.documentElement).getPropertyValue('--tg-theme-bg-color') || '#fff',
      boxShadow: '0 -1px 0 rgb(0 0 0 / 0.08)',
    });
    for (const setup of setups) {
      const button = document.createElement('div');
      button.textContent = setup.text;
      Object.assign(button.style, {
        flex: '1',
        padding: '14px 8px',
        borderRadius: '12px',
        background: setup.color ?? '#3390ec',
        color: setup.text_color ?? '#fff',
        font: '600 15px system-ui, sans-serif',
        textAlign: 'center',
        opacity: setup.is_active ? '1' : '0.6',
      });
      bar.append(button);
    }
    document.body.append(bar);
    document.documentElement.style.paddingBottom = `${bar.offsetHeight}px`;
  }, buttons);
  return () =>
    page.evaluate(() => {
      document.getElementById('e2e-telegram-bottom-bar')?.remove();
      document.documentElement.style.paddingBottom = '';
    });
}

/** Presses «Камера» and answers as Telegram's scan popup does when it reads `qrText`. */
export async function scanWithTelegramCamera(page: Page, qrText: string) {
  const popups = async () =>
    (await telegramEvents(page)).filter(([type]) => type === 'web_app_open_scan_qr_popup').length;
  const opened = await popups();
  await page.getByRole('button', { name: 'Камера' }).click();
  await expect.poll(popups).toBe(opened + 1);
  await emitTelegramEvent(page, 'qr_text_received', { data: qrText });
}

/** The chat links the app asked Telegram to open inside itself (`web_app_open_tg_link`), oldest first. */
export async function telegramLinksOpened(page: Page) {
  return (await telegramEvents(page))
    .filter(([type]) => type === 'web_app_open_tg_link')
    .map(([, data]) => (data as { path_full?: string } | null)?.path_full ?? '');
}

/** Whether Telegram's bottom bar, drawn as the client draws it (drawTelegramBottomBar), hides any of `target`. */
export async function coveredByTelegramBar(page: Page, target: Locator): Promise<boolean> {
  const removeBar = await drawTelegramBottomBar(page);
  const box = await target.boundingBox();
  const barTop = await page.evaluate(
    () =>
      document.getElementById('e2e-telegram-bottom-bar')?.getBoundingClientRect().top ?? window.innerHeight,
  );
  await removeBar();
  return !box || box.y + box.height > barTop;
}
