import type { QrField } from '#contract/coupon-qr';
import { MAX_SYNC_ITEMS, type TSyncResponse, ZOfflineKit, ZSyncResponse } from '#contract/offline';
import { api } from '@/lib/api';
import { type ApiError, isRefusal } from '@/lib/api-client';
import {
  addToQueue,
  dismissRefused,
  ownedBy,
  type QueuedRedemption,
  type RefusedRedemption,
  readKit,
  type StoredKit,
  saveKit,
  settle,
} from './offline-db';
import { copyQueue, restoreQueue } from './queue-device-copy';

/** What the check screen shows of this device's offline redeeming. */
export type OfflineState = {
  owner: string | undefined;
  kit: StoredKit | undefined;
  /** Redeemed with no signal, not yet answered by the server. */
  pending: QueuedRedemption[];
  /** Answered, but did not stand: a conflict or a refusal, until the partner has read it. */
  refused: RefusedRedemption[];
  /** A send to the server is under way. */
  sending: boolean;
  /**
   * How many sends the server has answered for redemptions in, this session: a coupon's state read
   * before the last may say «Не использован» of a coupon that send has just redeemed.
   */
  syncs: number;
};

/** How often a device with redemptions to send tries again, besides when it comes back online. */
const RETRY_MS = 30_000;
/** How often an open app renews its kit, so the signal may drop at any moment with little missed. */
const KIT_REFRESH_MS = 5 * 60_000;

let state: OfflineState = {
  owner: undefined,
  kit: undefined,
  pending: [],
  refused: [],
  sending: false,
  syncs: 0,
};
const listeners = new Set<() => void>();

function update(change: Partial<OfflineState>) {
  state = { ...state, ...change };
  for (const listener of listeners) listener();
}

export const offlineState = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

async function reload(owner: string, change: Partial<OfflineState> = {}) {
  const [kit, pending, refused] = await Promise.all([
    readKit(owner),
    ownedBy('queue', owner),
    ownedBy('refused', owner),
  ]);
  update({ owner, kit, pending, refused, ...change });
  void copyQueue(owner);
}

const randomNonce = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
};

/** Fetches the keys and dead tokens anew; with no signal the kit kept last time stays. Loads the device's state. */
export async function refreshKit(owner: string): Promise<void> {
  try {
    const kit = await api.get('/api/redemption/offline-kit', ZOfflineKit);
    await saveKit({ ...kit, owner });
  } catch (error) {
    console.warn('The offline kit was not refreshed', error);
  }
  await reload(owner);
}

/**
 * Keeps a redemption made with no signal. The returned promise settles once it is on disk: only
 * then may the screen say it is redeemed.
 */
export async function queueRedemption(owner: string, qrToken: string, fields: QrField[]): Promise<void> {
  await addToQueue({ nonce: randomNonce(), owner, qrToken, redeemedAt: new Date().toISOString(), fields });
  await reload(owner);
  void sendQueued(owner);
}

export async function dismiss(owner: string, nonce: string): Promise<void> {
  await dismissRefused(nonce);
  await reload(owner);
}

/** Whether an answer for the whole batch says something about its redemptions, not about the moment. */
const answersTheBatch = (error: unknown): error is ApiError =>
  isRefusal(error) && error.status !== 401 && error.status !== 408;

function refusalsOf(batch: QueuedRedemption[], results: TSyncResponse['results']): RefusedRedemption[] {
  const byNonce = new Map(batch.map((item) => [item.nonce, item]));
  return results.flatMap(({ nonce, outcome, message }) => {
    const item = byNonce.get(nonce);
    // A duplicate with a message is the answer to an earlier send whose reply this device missed.
    if (!item || outcome === 'applied' || (outcome === 'duplicate' && !message)) return [];
    return [{ ...item, outcome: outcome === 'conflict' ? 'conflict' : 'refused', message: message ?? '' }];
  });
}

async function sendBatches(owner: string): Promise<void> {
  for (;;) {
    const batch = (await ownedBy('queue', owner)).slice(0, MAX_SYNC_ITEMS);
    if (batch.length === 0) return;
    let answered: string[];
    let refused: RefusedRedemption[];
    try {
      const { results } = await api.post('/api/redemption/sync', {
        body: {
          redemptions: batch.map(({ nonce, qrToken, redeemedAt }) => ({ nonce, qrToken, redeemedAt })),
        },
        schema: ZSyncResponse,
      });
      answered = results.map((result) => result.nonce);
      refused = refusalsOf(batch, results);
    } catch (error) {
      // No signal, a server failure, or sign-in data to renew: they wait for the next try.
      if (!answersTheBatch(error)) return;
      answered = batch.map((item) => item.nonce);
      refused = batch.map((item) => ({ ...item, outcome: 'refused', message: error.message }));
    }
    await settle(answered, refused);
    // In one change with the queue it left: no screen sees it gone and an older state still trusted.
    await reload(owner, answered.length > 0 ? { syncs: state.syncs + 1 } : {});
    if (answered.length === 0) return;
    // What was just redeemed, and whatever else died meanwhile, is revoked in the kit too.
    await refreshKit(owner);
  }
}

let sending: Promise<void> | undefined;
let sendAgain = false;

/**
 * Sends what waits, one sender at a time; an item leaves the queue only with the server's answer.
 * Asked while a send is under way (the signal came back while it was failing), it sends once more
 * after it, so the return of the signal is never lost to a send that started without it.
 */
export function sendQueued(owner: string): Promise<void> {
  if (sending) {
    sendAgain = true;
    return sending;
  }
  update({ sending: true });
  sending = (async () => {
    do {
      sendAgain = false;
      await sendBatches(owner).catch((error: unknown) =>
        console.error('Could not send the offline redemptions', error),
      );
    } while (sendAgain);
  })().finally(() => {
    sending = undefined;
    update({ sending: false });
  });
  return sending;
}

/**
 * For a partner's, staff member's or admin's app, from its start: sends what the last session left
 * (its copy on the device put back first, should the web view have lost its data),
 * refreshes the kit (and again every five minutes), and sends again whenever the network returns
 * and every half minute while anything waits. Returns a stop.
 */
export function startOfflineRedemptions(owner: string): () => void {
  void restoreQueue(owner)
    .then(() => reload(owner))
    .then(() => Promise.all([sendQueued(owner), refreshKit(owner)]));
  const onOnline = () => void sendQueued(owner);
  window.addEventListener('online', onOnline);
  const retry = setInterval(() => {
    if (state.owner === owner && state.pending.length > 0) void sendQueued(owner);
  }, RETRY_MS);
  const renew = setInterval(() => void refreshKit(owner), KIT_REFRESH_MS);
  return () => {
    window.removeEventListener('online', onOnline);
    clearInterval(retry);
    clearInterval(renew);
  };
}
