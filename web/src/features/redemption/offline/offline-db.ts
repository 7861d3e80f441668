import type { QrField } from '#contract/coupon-qr';
import type { TOfflineKit } from '#contract/offline';

/** A redemption made with no signal, kept until the server has answered for it. */
export type QueuedRedemption = {
  nonce: string;
  /** Whose device queue it is in: the partner's Telegram username at the time. */
  owner: string;
  qrToken: string;
  redeemedAt: string;
  /** The coupon as its QR printed it, to say which one an answer is about. */
  fields: QrField[];
};

/** The server's answer to a queued redemption that did not stand: shown until the partner reads it. */
export type RefusedRedemption = QueuedRedemption & { outcome: 'conflict' | 'refused'; message: string };

/** As the server gave it; one stored by an earlier version of the app may lack `partners`. */
export type StoredKit = Omit<TOfflineKit, 'partners'> &
  Partial<Pick<TOfflineKit, 'partners'>> & { owner: string };

type Stores = { kits: StoredKit; queue: QueuedRedemption; refused: RefusedRedemption };
type StoreName = keyof Stores;

const DB_NAME = 'katajsya-offline';
const DB_VERSION = 1;

let opened: { factory: IDBFactory; db: Promise<IDBDatabase> } | undefined;

/**
 * IndexedDB, not local storage: it survives the app being closed and the phone restarting like
 * local storage does, and a write is done only when its transaction completes, so a redemption
 * the screen called queued is on disk.
 */
function database(): Promise<IDBDatabase> {
  // Opened once per factory: a test that starts on an empty IndexedDB gets a connection to it.
  if (opened?.factory === indexedDB) return opened.db;
  const db = new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      db.createObjectStore('kits', { keyPath: 'owner' });
      db.createObjectStore('queue', { keyPath: 'nonce' }).createIndex('owner', 'owner');
      db.createObjectStore('refused', { keyPath: 'nonce' }).createIndex('owner', 'owner');
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
    // Another tab holds an older version open: ours waits rather than fails.
    request.onblocked = () => console.warn('The offline store waits for another tab to close');
  }).catch((error: unknown) => {
    opened = undefined;
    throw error;
  });
  opened = { factory: indexedDB, db };
  return db;
}

/** Runs `work` in one transaction and settles when the transaction has completed (written to disk). */
async function inTransaction<T>(
  names: StoreName[],
  mode: IDBTransactionMode,
  work: (transaction: IDBTransaction) => IDBRequest<T> | undefined,
): Promise<T> {
  const db = await database();
  return new Promise<T>((resolve, reject) => {
    const transaction = db.transaction(names, mode);
    const request = work(transaction);
    transaction.oncomplete = () => resolve(request?.result as T);
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });
}

export const readKit = (owner: string) =>
  inTransaction<StoredKit | undefined>(['kits'], 'readonly', (tx) => tx.objectStore('kits').get(owner));

export const saveKit = (kit: StoredKit) =>
  inTransaction(['kits'], 'readwrite', (tx) => {
    tx.objectStore('kits').put(kit);
    return undefined;
  });

/** This owner's items, oldest redemption first (the store keeps them by their random nonce). */
export const ownedBy = async <Name extends 'queue' | 'refused'>(name: Name, owner: string) =>
  (
    await inTransaction<Stores[Name][]>([name], 'readonly', (tx) =>
      tx.objectStore(name).index('owner').getAll(owner),
    )
  ).sort((a, b) => a.redeemedAt.localeCompare(b.redeemedAt));

export const addToQueue = (item: QueuedRedemption) =>
  inTransaction(['queue'], 'readwrite', (tx) => {
    tx.objectStore('queue').add(item);
    return undefined;
  });

/** Puts redemptions back in the queue (kept where they were already); none the server has refused. */
export const putIntoQueue = (items: QueuedRedemption[], answeredRefused: ReadonlySet<string>) =>
  inTransaction(['queue'], 'readwrite', (tx) => {
    for (const item of items) if (!answeredRefused.has(item.nonce)) tx.objectStore('queue').put(item);
    return undefined;
  });

/** Takes answered redemptions off the queue and keeps those that did not stand, in one write. */
export const settle = (answered: string[], refused: RefusedRedemption[]) =>
  inTransaction(['queue', 'refused'], 'readwrite', (tx) => {
    for (const nonce of answered) tx.objectStore('queue').delete(nonce);
    for (const item of refused) tx.objectStore('refused').put(item);
    return undefined;
  });

export const dismissRefused = (nonce: string) =>
  inTransaction(['refused'], 'readwrite', (tx) => {
    tx.objectStore('refused').delete(nonce);
    return undefined;
  });
