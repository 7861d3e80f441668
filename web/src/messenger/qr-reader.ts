import { clientHasQrPopup, scanInQrPopup } from '@/telegram/qr-popup';
import { ofLaunch } from './messenger-of-launch';

export type QrScan = {
  /** The first code read, or undefined when the reader was closed without one. */
  result: Promise<string | undefined>;
  /** Closes the reader and settles `result` with undefined, for a scan nobody waits for any more. */
  stop: () => void;
};

/** The messenger's own QR reader; `scan` throws when the client refuses to open it. */
export type QrReader = { scan: (prompt: string) => QrScan };

const TELEGRAM_READER: QrReader = { scan: scanInQrPopup };

/** The launch's QR reader, where its client has one; else the page reads with its own camera. */
export const qrReader = (): QrReader | undefined =>
  ofLaunch<() => QrReader | undefined>({
    telegram: () => (clientHasQrPopup() ? TELEGRAM_READER : undefined),
    max: (max) => max.qrReader,
  })();
