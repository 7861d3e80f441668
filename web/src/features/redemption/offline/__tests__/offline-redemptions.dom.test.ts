import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_SYNC_ITEMS } from '#contract/offline';
import { stubApi } from '@/test/fake-api';
import { jsonResponse } from '@/test/render';
import { launchWithDeviceStorage } from '@/test/telegram-launch';
import { offlineState, queueRedemption, sendQueued } from '../offline-redemptions';

const SYNC = 'POST /api/redemption/sync';
const OWNER = 'partner_petr';
const fields = [{ key: 'telegramName', value: '@river_rat' }];

type SyncBody = { redemptions: { nonce: string; qrToken: string }[] };
const bodyOf = (init: RequestInit) => JSON.parse(String(init.body)) as SyncBody;

/** Queues redemptions while the server cannot be reached, as at the riverbank. */
async function redeemWithNoSignal(...tokens: string[]) {
  stubApi({});
  for (const token of tokens) await queueRedemption(OWNER, token, fields);
  await sendQueued(OWNER);
}

afterEach(async () => {
  await sendQueued(OWNER);
});

describe('the queue of redemptions made with no signal', () => {
  it('keeps them through failed sends and a server failure; each leaves only with its answer', async () => {
    await redeemWithNoSignal('tokA', 'tokB');
    expect(offlineState.get().pending.map((item) => item.qrToken)).toEqual(
      expect.arrayContaining(['tokA', 'tokB']),
    );

    stubApi({ [SYNC]: () => jsonResponse({ error: 'internal', message: 'Ошибка сервера' }, 500) });
    await sendQueued(OWNER);
    expect(offlineState.get().pending).toHaveLength(2);

    // The server answers for one of the two (as a server would after a cut connection): one stays.
    const api = stubApi({
      [SYNC]: (init) =>
        jsonResponse({
          results: bodyOf(init)
            .redemptions.filter(({ qrToken }) => qrToken === 'tokA')
            .map(({ nonce }) => ({ nonce, outcome: 'applied' })),
        }),
      'GET /api/redemption/offline-kit': () =>
        jsonResponse({ publicKeys: [], revoked: [], partnerIds: [1], timeZone: 'Europe/Moscow', asOf: '' }),
    });
    await sendQueued(OWNER);
    expect(offlineState.get().pending.map((item) => item.qrToken)).toEqual(['tokB']);
    expect(api.callsTo(SYNC)).toHaveLength(2);
    expect(offlineState.get().refused).toEqual([]);
  });

  it('sends again when asked during a send that fails for want of a signal: the signal’s return is not lost', async () => {
    await redeemWithNoSignal('tokA');
    let answerFirst: (response: Response) => void = () => {};
    const api = stubApi({
      [SYNC]: (init) =>
        api.callsTo(SYNC).length === 1
          ? // The first send was made with no signal: it fails, but only after the signal is back.
            new Promise<Response>((resolve) => {
              answerFirst = resolve;
            }).then(() => {
              throw new TypeError('Failed to fetch');
            })
          : jsonResponse({
              results: bodyOf(init).redemptions.map(({ nonce }) => ({ nonce, outcome: 'applied' })),
            }),
      'GET /api/redemption/offline-kit': () =>
        jsonResponse({ publicKeys: [], revoked: [], partnerIds: [1], timeZone: 'Europe/Moscow', asOf: '' }),
    });
    const first = sendQueued(OWNER);
    await vi.waitFor(() => expect(api.callsTo(SYNC)).toHaveLength(1));
    // The `online` event asks for a send while the first is still under way.
    const onOnline = sendQueued(OWNER);
    answerFirst(new Response());
    await Promise.all([first, onOnline]);

    expect(api.callsTo(SYNC)).toHaveLength(2);
    expect(offlineState.get().pending).toEqual([]);
  });

  it('a duplicate answer takes the item off; one that carries a message, and a conflict, are kept to be read', async () => {
    await redeemWithNoSignal('tokA', 'tokB', 'tokC');
    stubApi({
      [SYNC]: (init) => {
        const nonceOf = (token: string) =>
          bodyOf(init).redemptions.find(({ qrToken }) => qrToken === token)?.nonce;
        return jsonResponse({
          results: [
            { nonce: nonceOf('tokA'), outcome: 'duplicate' },
            {
              nonce: nonceOf('tokB'),
              outcome: 'duplicate',
              message: 'купон уже погасил @sveta 15.08.2026 в 11:20',
            },
            { nonce: nonceOf('tokC'), outcome: 'conflict', message: 'деньги за купон вернули покупателю' },
          ],
        });
      },
    });
    await sendQueued(OWNER);

    expect(offlineState.get().pending).toEqual([]);
    expect(offlineState.get().refused).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          qrToken: 'tokB',
          outcome: 'refused',
          message: expect.stringContaining('@sveta'),
        }),
        expect.objectContaining({ qrToken: 'tokC', outcome: 'conflict', fields }),
      ]),
    );
  });

  it('a refusal of the whole send (the partner’s role taken away) is shown for each; sign-in to renew keeps them', async () => {
    await redeemWithNoSignal('tokA');
    stubApi({ [SYNC]: () => jsonResponse({ error: 'unauthorized', message: 'Войдите заново' }, 401) });
    await sendQueued(OWNER);
    expect(offlineState.get().pending).toHaveLength(1);

    stubApi({ [SYNC]: () => jsonResponse({ error: 'forbidden', message: 'Только для партнеров' }, 403) });
    await sendQueued(OWNER);
    expect(offlineState.get().pending).toEqual([]);
    expect(offlineState.get().refused).toEqual([
      expect.objectContaining({ qrToken: 'tokA', outcome: 'refused', message: 'Только для партнеров' }),
    ]);
  });

  it(`sends a long queue in batches of ${MAX_SYNC_ITEMS}`, async () => {
    await redeemWithNoSignal(...Array.from({ length: MAX_SYNC_ITEMS + 5 }, (_, n) => `tok${n}`));
    const api = stubApi({
      [SYNC]: (init) =>
        jsonResponse({
          results: bodyOf(init).redemptions.map(({ nonce }) => ({ nonce, outcome: 'applied' })),
        }),
    });
    await sendQueued(OWNER);
    expect(api.callsTo(SYNC)).toHaveLength(2);
    expect(offlineState.get().pending).toEqual([]);
  });

  it('survives the web view losing its data: Telegram’s DeviceStorage keeps a copy, and the next start sends it', async () => {
    const owner = 'partner_lida';
    const copyKey = `katajsya.offlineQueue.${owner}`;
    const { kept } = launchWithDeviceStorage('9.0');
    stubApi({});
    await queueRedemption(owner, 'tokKept', fields);
    await vi.waitFor(() => expect(kept.get(copyKey)).toContain('tokKept'));

    // Closed, the client cleared the web view's data: the app starts again on an empty IndexedDB.
    globalThis.indexedDB = new IDBFactory();
    vi.resetModules();
    const restarted = await import('../offline-redemptions');
    const api = stubApi({
      [SYNC]: (init) =>
        jsonResponse({
          results: bodyOf(init).redemptions.map(({ nonce }) => ({ nonce, outcome: 'applied' })),
        }),
      'GET /api/redemption/offline-kit': () =>
        jsonResponse({ publicKeys: [], revoked: [], partnerIds: [1], timeZone: 'Europe/Moscow', asOf: '' }),
    });
    const stop = restarted.startOfflineRedemptions(owner);
    await vi.waitFor(() => expect(api.callsTo(SYNC)).toHaveLength(1));
    const sent = api.fetchMock.mock.calls
      .filter(([input]) => String(input) === '/api/redemption/sync')
      .map(([, init]) => bodyOf(init ?? {}).redemptions.map(({ qrToken }) => qrToken));
    expect(sent).toEqual([['tokKept']]);
    // Answered, it leaves the copy too.
    await vi.waitFor(() => expect(kept.has(copyKey)).toBe(false));
    expect(restarted.offlineState.get().pending).toEqual([]);
    stop();
    window.history.replaceState(null, '', '/');
  });
});
