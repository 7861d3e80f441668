import type { Db } from '../db/client.ts';
import type { MessengerDocument, Messengers } from '../domain/messenger.ts';
import { reachOf } from './people.ts';

/** An upload answers within this, or the person is told to try again (the Bot API client's own bound). */
const SEND_DOCUMENT_MS = 30_000;

/**
 * How a file the person asked for reaches their chat with their messenger's bot; undefined where
 * that messenger's bot sends no files (or it has no bot here), and the person downloads it instead.
 * The sender throws MessengerError when the file did not go.
 */
export async function documentSenderOf(
  db: Db,
  messengers: Messengers,
  userId: number,
): Promise<((document: MessengerDocument) => Promise<void>) | undefined> {
  const reach = (await reachOf(db, [userId])).get(userId);
  const port = reach && messengers[reach.messenger];
  if (!reach || !port?.sendDocument) return undefined;
  const sendDocument = port.sendDocument.bind(port);
  return (document) => sendDocument(reach.chatId, document, AbortSignal.timeout(SEND_DOCUMENT_MS));
}
