import type { MessengerInbound, MessengerPort, MessengerSender } from '../domain/messenger.ts';
import { createMaxApi } from './max-api.ts';

/** The updates the app has a use for (the schema's Update kinds): taps, replies, starts, the community's comings and goings. */
export const MAX_UPDATE_TYPES = [
  'message_callback',
  'message_created',
  'bot_started',
  'user_added',
  'user_removed',
] as const;

/** How long one GET /updates waits for news (the schema allows 0–90 s); the call gives up a little later. */
const LONG_POLL_S = 30;
const LONG_POLL_MARGIN_MS = 10_000;
/** Pauses after a failed poll, growing to the last. */
const RETRY_PAUSES_MS = [1000, 2000, 5000, 15_000, 30_000];

/** A person as MAX's updates name them (the schema's User). */
interface MaxUpdateUser {
  user_id: number;
  first_name?: string;
  last_name?: string | null;
  username?: string | null;
  is_bot?: boolean;
}

/** The fields of MAX's Update kinds the app reads. */
export interface MaxUpdate {
  update_type: string;
  timestamp?: number;
  chat_id?: number;
  user?: MaxUpdateUser;
  /** bot_started's: what the link that started the bot carried (`?start=…`). */
  payload?: string | null;
  callback?: { callback_id: string; payload?: string; user: MaxUpdateUser };
  message?: {
    sender?: MaxUpdateUser | null;
    recipient?: { chat_id?: number | null; chat_type?: string; user_id?: number | null };
    link?: { type: string; message?: { mid?: string } } | null;
    body?: { mid?: string; text?: string | null };
  };
}

interface Log {
  warn(details: object, message: string): void;
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/**
 * The MAX bot's updates, turned into the app's inbound calls (domain/messenger.ts): a tap on a
 * `callback` button, answered by POST /answers; a reply to one of the bot's messages (MAX has no
 * force_reply: a message whose `link` is a reply); a press of «Начать» (bot_started); someone
 * joining, leaving or writing in the community's MAX chat. Taken by long polling (GET /updates
 * with `marker`: a page is committed only once it was handled), or handed over by a webhook.
 */
export function createMaxUpdates(options: {
  token: string;
  apiRoot: string;
  /** MAX's adapter: the bot's words in a person's chat (a question, an answer, the start's greeting). */
  messenger: Pick<MessengerPort, 'sendText'>;
  inbound: MessengerInbound;
  /** The community's MAX chat, whose comings and goings are membership. */
  communityChatId?: string;
  log: Log;
  /** Pauses after failed polls (tests shorten them). */
  retryPausesMs?: readonly number[];
}) {
  const { messenger, inbound, log } = options;
  const api = createMaxApi(options);
  const retryPausesMs = options.retryPausesMs ?? RETRY_PAUSES_MS;
  const inCommunity = (chatId: number | null | undefined) =>
    options.communityChatId !== undefined && String(chatId) === options.communityChatId;
  const sender = (user: MaxUpdateUser): MessengerSender => ({
    messenger: 'max',
    externalId: String(user.user_id),
  });
  const say = (userId: number, text: string) =>
    messenger.sendText(userId, text, null, AbortSignal.timeout(10_000));
  const sighting = (user: MaxUpdateUser, member: boolean) =>
    inbound.seenInCommunity({
      from: sender(user),
      username: user.username ?? null,
      firstName: user.first_name ?? '',
      lastName: user.last_name ?? null,
      member,
    });

  /** One update, as the app's call it stands for; others are let be. */
  async function handle(update: MaxUpdate): Promise<void> {
    switch (update.update_type) {
      case 'message_callback': {
        const { callback } = update;
        if (!callback || callback.user.is_bot) return;
        await inbound.pressed({
          from: sender(callback.user),
          data: callback.payload ?? '',
          // MAX documents one kind of answer, a one-time notification: an alert is one too.
          answer: async (text) => {
            await api.call(
              'POST',
              api.url('/answers', { callback_id: callback.callback_id }),
              AbortSignal.timeout(10_000),
              {
                json: { notification: text },
              },
            );
          },
          // No force_reply in MAX: the question is a message, and the person answers it with «Ответить».
          ask: (text) => say(callback.user.user_id, text),
        });
        return;
      }
      case 'message_created': {
        const { message } = update;
        const from = message?.sender;
        if (!message || !from || from.is_bot) return;
        if (inCommunity(message.recipient?.chat_id)) return sighting(from, true);
        const repliedTo = message.link?.type === 'reply' ? message.link.message?.mid : undefined;
        if (message.recipient?.chat_type !== 'dialog') return;
        const text = message.body?.text ?? '';
        const taken =
          repliedTo !== undefined &&
          (await inbound.replied({
            from: sender(from),
            toMessageId: repliedTo,
            text,
            say: async (answer) => {
              await say(from.user_id, answer);
            },
          }));
        if (taken) return;
        await inbound.wrote({
          from: sender(from),
          text,
          say: async (answer, buttons) => {
            await messenger.sendText(from.user_id, answer, buttons, AbortSignal.timeout(10_000));
          },
        });
        return;
      }
      case 'bot_started': {
        const { user } = update;
        if (!user) return;
        await inbound.started({
          from: sender(user),
          payload: update.payload ?? undefined,
          say: async (text, buttons) => {
            await messenger.sendText(user.user_id, text, buttons, AbortSignal.timeout(10_000));
          },
        });
        return;
      }
      case 'user_added':
      case 'user_removed':
        if (update.user && !update.user.is_bot && inCommunity(update.chat_id))
          await sighting(update.user, update.update_type === 'user_added');
        return;
      default:
        return;
    }
  }

  /** An update handled, or its failure logged: one update's trouble never stops the others. */
  async function handleLogged(update: MaxUpdate): Promise<void> {
    try {
      await handle(update);
    } catch (error) {
      log.warn(
        { err: error, updateType: update.update_type },
        'A MAX update failed to be handled; it is not asked again',
      );
    }
  }

  /**
   * Long polling until `signal` aborts (under npm start and in tests; MAX calls it unfit for
   * production, where a webhook takes the updates): each page handled, then committed by asking
   * for the next with its `marker`.
   */
  async function poll(signal: AbortSignal): Promise<void> {
    let marker: number | undefined;
    let failures = 0;
    while (!signal.aborted) {
      try {
        const page = await api.call<{ updates: MaxUpdate[]; marker?: number | null }>(
          'GET',
          api.url('/updates', {
            timeout: LONG_POLL_S,
            types: MAX_UPDATE_TYPES.join(','),
            ...(marker === undefined ? {} : { marker }),
          }),
          AbortSignal.any([signal, AbortSignal.timeout(LONG_POLL_S * 1000 + LONG_POLL_MARGIN_MS)]),
        );
        failures = 0;
        for (const update of page.updates) await handleLogged(update);
        if (page.marker != null) marker = page.marker;
      } catch (error) {
        if (signal.aborted) return;
        const wait = retryPausesMs[Math.min(failures, retryPausesMs.length - 1)] ?? 0;
        failures += 1;
        log.warn({ err: error, retryInMs: wait }, 'MAX did not give the bot its updates; asking again');
        await pause(wait, signal);
      }
    }
  }

  /**
   * The webhook in production: MAX posts the updates to `url` (https, port 443) with `secret` in
   * X-Max-Bot-Api-Secret. Subscribed again at every start (MAX drops a subscription it could not
   * deliver to for 8 hours).
   */
  async function subscribe(url: string, secret: string, signal: AbortSignal): Promise<void> {
    await api.telling(() =>
      api.call('POST', api.url('/subscriptions', {}), signal, {
        json: { url, secret, update_types: MAX_UPDATE_TYPES },
      }),
    );
  }

  return { handle: handleLogged, poll, subscribe };
}

export type MaxUpdates = ReturnType<typeof createMaxUpdates>;
