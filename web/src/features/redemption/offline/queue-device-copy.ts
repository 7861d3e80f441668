import { deviceStore } from '@/messenger/device-storage';
import { ownedBy, putIntoQueue, type QueuedRedemption } from './offline-db';

/**
 * A copy of the queue in Telegram's DeviceStorage, where the client has it (else the browser's
 * local storage): Telegram keeps it out of the web view's reach, and some Android clients clear the
 * web view's data, IndexedDB with it, when the app is closed. A redemption made at the river reaches
 * the server anyway: the next start puts the copy's items back in the queue. An item sent twice is
 * answered once (the server knows its nonce), so a copy a little behind the queue costs nothing.
 */
const copyKey = (owner: string) => `katajsya.offlineQueue.${owner}`;

const isQueued = (item: unknown): item is QueuedRedemption => {
  const candidate = item as Partial<QueuedRedemption> | null;
  return (
    typeof candidate?.nonce === 'string' &&
    typeof candidate.owner === 'string' &&
    typeof candidate.qrToken === 'string' &&
    typeof candidate.redeemedAt === 'string' &&
    Array.isArray(candidate.fields)
  );
};

/** Owners whose copy has been read back into the queue since the app started. */
const restored = new Set<string>();
/** Copy writes and restores, one after another: the copy ends as the last queue written. */
let chain: Promise<void> = Promise.resolve();

function afterTheOthers(work: () => Promise<void>): Promise<void> {
  chain = chain.then(work).catch((error: unknown) => {
    console.warn('The copy of the offline redemptions on the device was not brought up to date', error);
  });
  return chain;
}

/**
 * Reads the copy back into the queue, once per owner. Throws when the copy cannot be read: the queue
 * must then not be written over it, for it may hold what the queue lost.
 */
async function restoreOnce(owner: string): Promise<void> {
  if (restored.has(owner)) return;
  const text = await deviceStore().getItem(copyKey(owner));
  const parsed: unknown = text ? JSON.parse(text) : [];
  const items = (Array.isArray(parsed) ? parsed : []).filter(isQueued).filter((item) => item.owner === owner);
  if (items.length > 0) {
    const refused = new Set((await ownedBy('refused', owner)).map((item) => item.nonce));
    await putIntoQueue(items, refused);
  }
  restored.add(owner);
}

/** Puts back in the queue what the copy holds and the queue lost. */
export const restoreQueue = (owner: string) => afterTheOthers(() => restoreOnce(owner));

/** Writes the queue as it is now into the copy (after restoring it, the first time). */
export const copyQueue = (owner: string) =>
  afterTheOthers(async () => {
    await restoreOnce(owner);
    const pending = await ownedBy('queue', owner);
    await deviceStore().setItem(copyKey(owner), pending.length > 0 ? JSON.stringify(pending) : null);
  });
