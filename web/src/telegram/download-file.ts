import { request } from './bridge';
import { supports } from './protocol';
import { isStandIn } from './stand-in';

/**
 * Whether this client can save a file the server serves: a browser (the local stand-in) can, and
 * Telegram can from Mini Apps 8.0. An older Telegram cannot, so a file has to come another way.
 */
const telegramDownloads = () => supports('web_app_request_file_download');

export const canDownloadFiles = () => isStandIn() || telegramDownloads();

/**
 * Saves a file the server serves at `url` (same origin, no headers needed). Telegram's WebViews
 * ignore download links, so Telegram downloads it itself where it can (Mini Apps 8.0+).
 */
export async function downloadFileFrom(url: string, fileName: string): Promise<void> {
  const absoluteUrl = new URL(url, window.location.href).toString();
  if (telegramDownloads()) {
    // Telegram asks the user first; a «no» is theirs to give, and nothing more is to be done.
    await request('web_app_request_file_download', { url: absoluteUrl, file_name: fileName }, [
      'file_download_requested',
    ]);
    return;
  }
  const link = document.createElement('a');
  link.href = absoluteUrl;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
