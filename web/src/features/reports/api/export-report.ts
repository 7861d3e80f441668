import { useMutation } from '@tanstack/react-query';
import { ZOkResponse } from '#contract/coupons';
import { type TExportRequest, ZExportLinkResponse } from '#contract/reports';
import { api } from '@/lib/api';
import { type DeliveryOutcome, deliverFile } from '@/messenger/deliver-file';

/** A short-lived signed address of the report's CSV, which a download fetches without headers. */
export const getExportLink = (body: TExportRequest) =>
  api.post('/api/exports/link', { body, schema: ZExportLinkResponse });

/** Asks the bot to send the CSV into the user's chat with it. */
export const sendExportByBot = (body: TExportRequest) =>
  api.post('/api/exports/send', { body, schema: ZOkResponse });

/** Exports a report the way the GPX track is downloaded, or through the bot where Telegram cannot download. */
export const exportReport = (request: TExportRequest): Promise<DeliveryOutcome> =>
  deliverFile({ link: () => getExportLink(request), sendByBot: () => sendExportByBot(request) });

export const useExportReport = () => useMutation({ mutationFn: exportReport });
