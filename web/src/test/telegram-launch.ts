import { act, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { keepLaunchParams } from '@/telegram/launch-params';
import { setClientIsStandIn } from '@/telegram/protocol';

export type PostedEvent = { type: string; data: unknown };

/**
 * Launches the app as a Telegram client (Desktop unless told) of the given Mini Apps version does:
 * launch parameters in the URL's hash, `window.TelegramWebviewProxy` taking what the app posts,
 * which is recorded.
 */
export function launchInTelegram(
  version: string,
  platform = 'tdesktop',
  user?: { id: number; username?: string; allows_write_to_pm?: boolean },
): PostedEvent[] {
  const posted: PostedEvent[] = [];
  const launchHash = new URLSearchParams({
    tgWebAppData: new URLSearchParams({
      auth_date: '1700000000',
      ...(user && { user: JSON.stringify(user) }),
      signature: 'sig',
      hash: 'abc',
    }).toString(),
    tgWebAppVersion: version,
    tgWebAppPlatform: platform,
    tgWebAppThemeParams: JSON.stringify({ bg_color: '#ffffff' }),
  });
  window.history.replaceState(null, '', `/#${launchHash}`);
  keepLaunchParams(launchHash.toString());
  setClientIsStandIn(false);
  Object.assign(window, {
    TelegramWebviewProxy: {
      postEvent: (type: string, data?: string) => posted.push({ type, data: data && JSON.parse(data) }),
    },
  });
  return posted;
}

/** Plays Telegram's part: an event from the client, as Telegram Web posts it from the frame around the app. */
export function emitEvent(eventType: string, eventData?: unknown): void {
  window.dispatchEvent(
    new MessageEvent('message', { data: JSON.stringify({ eventType, eventData }), source: window.parent }),
  );
}

/** Telegram's bottom button as the user sees it: its text, whether a press acts, its spinner. */
export type TelegramButton = { text: string; active: boolean; loading: boolean };

/** Telegram's main (or secondary) button as the app last set it up; null while it is hidden. */
export function telegramButton(
  posted: PostedEvent[],
  kind: 'main' | 'secondary' = 'main',
): TelegramButton | null {
  const setup = posted.filter(({ type }) => type === `web_app_setup_${kind}_button`).at(-1)?.data as
    | { text: string; is_visible: boolean; is_active: boolean; is_progress_visible: boolean }
    | undefined;
  if (!setup?.is_visible) return null;
  return { text: setup.text, active: setup.is_active, loading: setup.is_progress_visible };
}

/** Waits until Telegram's button shows `text` and a press acts, then presses it, as the user's thumb would. */
export async function pressTelegramButton(
  posted: PostedEvent[],
  text: string,
  kind: 'main' | 'secondary' = 'main',
) {
  await waitFor(() => expect(telegramButton(posted, kind)).toEqual({ text, active: true, loading: false }));
  act(() => emitEvent(`${kind}_button_pressed`));
}

type Posted = { type: string; data: { req_id: string; key: string; value?: string | null } };

/** A Telegram client with DeviceStorage: it keeps what it is given and answers as the real one does. */
export function launchWithDeviceStorage(version: string, { failing = false } = {}) {
  const kept = new Map<string, string>();
  const posted: Posted[] = [];
  window.history.replaceState(
    null,
    '',
    `/#${new URLSearchParams({
      tgWebAppData: new URLSearchParams({
        auth_date: '1700000000',
        signature: 'sig',
        hash: 'abc',
      }).toString(),
      tgWebAppVersion: version,
      tgWebAppPlatform: 'android',
      tgWebAppThemeParams: JSON.stringify({ bg_color: '#ffffff' }),
    })}`,
  );
  Object.assign(window, {
    TelegramWebviewProxy: {
      postEvent(type: string, json?: string) {
        const data = json ? JSON.parse(json) : undefined;
        posted.push({ type, data });
        if (!type.startsWith('web_app_device_storage_')) return;
        const { req_id, key, value } = data;
        // The client answers a moment later, as a real one does.
        queueMicrotask(() => {
          if (failing) emitEvent('device_storage_failed', { req_id, error: 'UNKNOWN_ERROR' });
          else if (type === 'web_app_device_storage_save_key') {
            if (value === null) kept.delete(key);
            else kept.set(key, value);
            emitEvent('device_storage_key_saved', { req_id });
          } else if (type === 'web_app_device_storage_get_key')
            emitEvent('device_storage_key_received', { req_id, value: kept.get(key) ?? null });
        });
      },
    },
  });
  const storageCalls = () => posted.filter(({ type }) => type.startsWith('web_app_device_storage_'));
  return { kept, storageCalls };
}
