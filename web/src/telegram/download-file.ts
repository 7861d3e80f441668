import { downloadFile } from '@telegram-apps/sdk-react';
import { isStandIn } from './stand-in';

/** A file can be saved here: by Telegram itself (Mini Apps 8.0+) or, in the stand-in, by the browser. */
export const canDownloadFiles = () => isStandIn() || downloadFile.isAvailable();

/**
 * Saves a file the server serves at `url` (same origin, no headers needed). Telegram's WebViews
 * ignore download links, so Telegram downloads it itself where it can (Mini Apps 8.0+).
 */
export async function downloadFileFrom(url: string, fileName: string): Promise<void> {
  const absoluteUrl = new URL(url, window.location.href).toString();
  if (!isStandIn() && downloadFile.isAvailable()) {
    await downloadFile(absoluteUrl, fileName);
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
