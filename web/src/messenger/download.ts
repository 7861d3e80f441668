import {
  canDownloadFiles as telegramCanDownload,
  downloadFileFrom as telegramDownload,
} from '@/telegram/download-file';
import { ofLaunch } from './messenger-of-launch';

/** Saving a file the server serves, where the messenger's client can (MAX: `downloadFile`, not on its web client). */
export type Download = {
  possible: () => boolean;
  /** Saves the file at `url` (same origin, no headers needed) as `fileName`. */
  from: (url: string, fileName: string) => Promise<void>;
};

const TELEGRAM_DOWNLOAD: Download = { possible: telegramCanDownload, from: telegramDownload };

/** Whether this launch can save a file the server serves; where not, a file has to come another way. */
export const canDownloadFiles = () =>
  ofLaunch({ telegram: TELEGRAM_DOWNLOAD, max: (max) => max.download }).possible();

export const downloadFileFrom = (url: string, fileName: string) =>
  ofLaunch({ telegram: TELEGRAM_DOWNLOAD, max: (max) => max.download }).from(url, fileName);
