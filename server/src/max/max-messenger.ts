import {
  type MessageButtons,
  type MessengerDocument,
  MessengerError,
  type MessengerPort,
} from '../domain/messenger.ts';
import { createMaxApi, MaxCallFailed, told } from './max-api.ts';

/**
 * The pauses before sending again a message whose upload MAX is still processing
 * (`attachment.not.ready`: «повторите попытку через некоторое время. Увеличивайте интервал»).
 */
const NOT_READY_PAUSES_MS = [300, 1000, 3000];
/** MAX takes at most two messages a second into one chat (POST /messages): one each half second. */
const PER_CHAT_GAP_MS = 500;
/** Chats whose last send is remembered; past this many, the oldest are forgotten. */
const CHATS_REMEMBERED = 10_000;
/** An open_app button's payload and a deep link's `startapp`: MAX drops any other. */
const START_PARAM = /^[\w-]{0,512}$/;

/** A pause the call's signal may end: then the call failed as MAX's silence does. */
const waitFor = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new MaxCallFailed('gave up waiting to call MAX', undefined, undefined));
      },
      { once: true },
    );
  });

/**
 * MAX behind the app's messenger port, through its Bot API with plain fetch (dev.max.ru/docs-api;
 * `apiRoot` is MAX_API_ROOT, a local fake in tests): the token in `Authorization`, JSON bodies, an
 * image or file uploaded first and sent by its token, buttons as MAX's inline keyboard. Chat ids
 * above zero are people (`user_id`: a bot's dialog with them), below zero group chats (`chat_id`).
 */
export function createMaxMessenger(options: {
  token: string;
  apiRoot: string;
  /** The bot's public name: open_app buttons and https://max.ru/<name> links name it. */
  botName: string;
  /** Pauses before resending a message whose upload is not processed yet (tests shorten them). */
  notReadyPausesMs?: readonly number[];
}): MessengerPort {
  const { token, apiRoot, botName } = options;
  const notReadyPausesMs = options.notReadyPausesMs ?? NOT_READY_PAUSES_MS;

  const { call, url: api, telling } = createMaxApi({ token, apiRoot });

  const keyboard = (buttons: MessageButtons | null) => {
    const rows = (buttons ?? [])
      .map((row) =>
        row.map((button) => {
          if ('callback' in button) return { type: 'callback', text: button.text, payload: button.callback };
          if ('url' in button) return { type: 'link', text: button.text, url: button.url };
          if ('startParam' in button)
            return { type: 'open_app', text: button.text, web_app: botName, payload: button.startParam };
          // MAX opens its mini-app by the bot, not by an address: a path opens the app's start.
          return { type: 'open_app', text: button.text, web_app: botName };
        }),
      )
      .filter((row) => row.length > 0);
    return rows.length > 0 ? [{ type: 'inline_keyboard', payload: { buttons: rows } }] : [];
  };

  const recipient = (chatId: number): Record<string, number> =>
    chatId > 0 ? { user_id: chatId } : { chat_id: chatId };

  /**
   * When each chat's last send ended (ms): the next waits out the gap from then, so MAX never sees
   * two within half a second, however long the call waited for its turn. (The outbox sends a chat
   * one message at a time.)
   */
  const lastSentTo = new Map<number, number>();

  const sentTo = (chatId: number) => {
    lastSentTo.delete(chatId);
    if (lastSentTo.size >= CHATS_REMEMBERED) lastSentTo.delete(lastSentTo.keys().next().value ?? 0);
    lastSentTo.set(chatId, Date.now());
  };

  /** POST /messages; the message's `mid`. A fresh upload's token is sent again while MAX processes it. */
  async function send(chatId: number, body: Record<string, unknown>, signal: AbortSignal): Promise<string> {
    for (let attempt = 0; ; attempt += 1) {
      const gap = (lastSentTo.get(chatId) ?? 0) + PER_CHAT_GAP_MS - Date.now();
      if (gap > 0) await waitFor(gap, signal);
      try {
        const sent = await call<{ message: { body: { mid: string } } }>(
          'POST',
          api('/messages', { ...recipient(chatId), disable_link_preview: true }),
          signal,
          { json: body },
        );
        sentTo(chatId);
        return sent.message.body.mid;
      } catch (error) {
        sentTo(chatId);
        const pause = notReadyPausesMs[attempt];
        if (!(error instanceof MaxCallFailed && error.code === 'attachment.not.ready') || pause === undefined)
          throw error;
        await waitFor(pause, signal);
      }
    }
  }

  /** POST /uploads, then the file to the URL it gives (multipart, field `data`); the file's token. */
  async function upload(
    type: 'image' | 'file',
    file: { bytes: Buffer; fileName: string },
    signal: AbortSignal,
  ) {
    const { url } = await call<{ url: string }>('POST', api('/uploads', { type }), signal);
    const form = new FormData();
    form.append('data', new Blob([new Uint8Array(file.bytes)]), file.fileName);
    const uploaded = await call<{ token?: string; photos?: Record<string, { token?: string }> }>(
      'POST',
      url,
      signal,
      { form },
    );
    // An image answers with its photos' tokens, a file with its own.
    const uploadedToken = uploaded.token ?? Object.values(uploaded.photos ?? {})[0]?.token;
    if (!uploadedToken) throw new MaxCallFailed('MAX upload: no token in the answer', 502, undefined);
    return uploadedToken;
  }

  return {
    messenger: 'max',
    sendText: (chatId, text, buttons, signal) =>
      telling(() => {
        const attachments = keyboard(buttons);
        return send(chatId, attachments.length > 0 ? { text, attachments } : { text }, signal);
      }),
    sendPhoto: (chatId, photo, caption, buttons, signal) =>
      telling(async () => {
        const image = await upload('image', { bytes: photo.png, fileName: photo.fileName }, signal);
        return send(
          chatId,
          {
            text: caption,
            attachments: [{ type: 'image', payload: { token: image } }, ...keyboard(buttons)],
          },
          signal,
        );
      }),
    async editCaption(_chatId, messageId, caption, _buttons, signal) {
      try {
        // `attachments` left out keeps the picture and its keyboard as they are (PUT /messages).
        await call('PUT', api('/messages', { message_id: messageId }), signal, { json: { text: caption } });
        return 'edited';
      } catch (error) {
        if (error instanceof MaxCallFailed) {
          // MAX documents no «not modified»: the same words again are an edit that changes nothing.
          if (error.status === 404 || error.code === 'not.found' || error.code === 'message.not.found')
            return 'gone';
          throw told(error);
        }
        throw error;
      }
    },
    async isMember(chatId, userId, signal) {
      try {
        // The bot must be the chat's administrator; a non-member is simply not in the list.
        const { members } = await call<{ members: { user_id: number }[] }>(
          'GET',
          api(`/chats/${encodeURIComponent(chatId)}/members`, { user_ids: userId }),
          signal,
        );
        return members.some((member) => member.user_id === userId);
      } catch (error) {
        if (!(error instanceof MaxCallFailed)) throw error;
        // No such chat, or the bot is not its administrator: the configuration's fault, not the person's.
        if (error.status === 403 || error.status === 404)
          throw new MessengerError(error.message, 'unavailable');
        throw told(error);
      }
    },
    async appLink(startParam) {
      if (!START_PARAM.test(startParam))
        throw new MessengerError(`MAX drops a start parameter of other characters: ${startParam}`, 'refused');
      return startParam
        ? `https://max.ru/${botName}?startapp=${startParam}`
        : `https://max.ru/${botName}?startapp`;
    },
    async botLink(payload) {
      // A bot's own start payload is up to 128 characters of the same alphabet (the schema).
      if (!START_PARAM.test(payload) || payload.length > 128)
        throw new MessengerError(`MAX drops a start payload like this: ${payload}`, 'refused');
      return `https://max.ru/${botName}?start=${payload}`;
    },
    // No shareLink: MAX's https://max.ru/:share?text= opens on its phones alone, not on the desktop
    // or web client, where the bridge's shareMaxContent works; the app shares through that instead.
    sendDocument: (chatId, document: MessengerDocument, signal) =>
      telling(async () => {
        const file = await upload('file', { bytes: document.bytes, fileName: document.fileName }, signal);
        // A file must be the only attachment of its message.
        await send(chatId, { attachments: [{ type: 'file', payload: { token: file } }] }, signal);
      }),
  };
}
