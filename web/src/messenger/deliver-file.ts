import { canDownloadFiles, downloadFileFrom } from './download';

/** 'started': the file is downloading; 'sent': the bot sent it, for a client that cannot download. */
export type DeliveryOutcome = 'started' | 'sent';

/**
 * Hands the user a file the server makes: downloaded through a short-lived signed link where this
 * client can save files (as the GPX track is), else sent by the bot into its chat with the user.
 */
export async function deliverFile(ways: {
  link: () => Promise<{ url: string; fileName: string }>;
  sendByBot: () => Promise<unknown>;
}): Promise<DeliveryOutcome> {
  if (!canDownloadFiles()) {
    await ways.sendByBot();
    return 'sent';
  }
  const { url, fileName } = await ways.link();
  // The messenger answers when its download dialog closes; the screen need not wait for that.
  downloadFileFrom(url, fileName).catch((error: unknown) =>
    console.error(`Download of ${fileName} failed`, error),
  );
  return 'started';
}
