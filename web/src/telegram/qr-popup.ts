import type { QrScan } from '@/messenger/qr-reader';
import { on, postEvent } from './bridge';
import { launchParams } from './launch-params';
import { supports } from './protocol';

/** Telegram Web takes the popup request but shows nothing; the local stand-in poses as it. */
const WEB_PLATFORMS = new Set(['web', 'weba', 'webk']);

/**
 * False in a Telegram client too old for the scan popup (before Mini Apps 6.4), in Telegram Web
 * and the local stand-in, or outside Telegram.
 */
export function clientHasQrPopup(): boolean {
  const platform = launchParams()?.platform;
  return platform !== undefined && !WEB_PLATFORMS.has(platform) && supports('web_app_open_scan_qr_popup');
}

/**
 * Opens Telegram's own QR popup and closes it after the first read. It can be stopped from our side,
 * and nothing waits for an answer that some clients (Telegram Web) never give.
 */
export function scanInQrPopup(prompt: string): QrScan {
  // First, so that a refusal (it throws) leaves no listeners behind; answers come later, as messages.
  postEvent('web_app_open_scan_qr_popup', { text: prompt });
  let finish: (text: string | undefined) => void = () => {};
  const result = new Promise<string | undefined>((resolve) => {
    const stopListening = [
      on('qr_text_received', ({ data }) => {
        postEvent('web_app_close_scan_qr_popup');
        finish(data);
      }),
      on('scan_qr_popup_closed', () => finish(undefined)),
    ];
    finish = (text) => {
      for (const off of stopListening) off();
      resolve(text);
    };
  });
  return {
    result,
    stop: () => {
      postEvent('web_app_close_scan_qr_popup');
      finish(undefined);
    },
  };
}
