import { useMutation } from '@tanstack/react-query';
import { ZOkResponse } from '#contract/coupons';
import { type TExportRequest, ZExportLinkResponse } from '#contract/reports';
import { api } from '@/lib/api';
import { canDownloadFiles, downloadFileFrom } from '@/telegram/download-file';

/** A short-lived signed address of the report's CSV, which a download fetches without headers. */
export const getExportLink = (body: TExportRequest) =>
  api.post('/api/exports/link', { body, schema: ZExportLinkResponse });

/** Asks the bot to send the CSV into the user's chat with it. */
export const sendExportByBot = (body: TExportRequest) =>
  api.post('/api/exports/send', { body, schema: ZOkResponse });

/** 'started': the file is downloading; 'sent': the bot sent it, for a Telegram too old to download. */
export type ExportOutcome = 'started' | 'sent';

/** Exports a report the way the GPX track is downloaded, or through the bot where Telegram cannot download. */
export async function exportReport(request: TExportRequest): Promise<ExportOutcome> {
  if (!canDownloadFiles()) {
    await sendExportByBot(request);
    return 'sent';
  }
  const { url, fileName } = await getExportLink(request);
  // Telegram answers when its download dialog closes; the screen need not wait for that.
  downloadFileFrom(url, fileName).catch((error: unknown) => console.error('Report download failed', error));
  return 'started';
}

export const useExportReport = () => useMutation({ mutationFn: exportReport });
