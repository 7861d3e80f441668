import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ChatMemberStatus = 'creator' | 'administrator' | 'member' | 'restricted' | 'left' | 'kicked';

export interface RecordedCall {
  method: string;
  params: Record<string, unknown>;
  /** The HTTP status it was answered with; undefined while a long poll is held open. */
  status?: number;
  /** When it came (ms since the epoch, on the fake's clock: see `setClock`). */
  at: number;
  /** With a 429: the seconds Telegram asked the bot to wait (`parameters.retry_after`). */
  retryAfterS?: number;
}

export interface InlineButton {
  text: string;
  web_app?: { url: string };
  url?: string;
  callback_data?: string;
}

export interface SentMessage {
  /** The id Telegram gave the message: a reply to it names it as reply_to_message. */
  messageId: number;
  chatId: number;
  text: string;
  replyMarkup?: {
    inline_keyboard?: InlineButton[][];
    force_reply?: boolean;
    input_field_placeholder?: string;
  };
}

/** An answerCallbackQuery call: what the person saw on the button's tap. */
export interface CallbackAnswer {
  callbackQueryId: string;
  text?: string;
  showAlert: boolean;
}

/** A photo the bot sent (sendPhoto), its file as uploaded and its caption as edited since. */
export interface SentPhoto {
  chatId: number;
  messageId: number;
  photo: UploadedFile;
  /** The caption it was sent with. */
  sentCaption: string;
  /** Its caption now: the last editMessageCaption's, else the one it was sent with. */
  caption: string;
  deleted: boolean;
}

/** An error a method answers with, as Telegram words it. */
export interface BotApiError {
  error_code: number;
  description: string;
  retry_after?: number;
}

/** A time when Telegram refuses every call (see `addOutage`). */
export interface Outage {
  fromMs: number;
  untilMs: number;
  status: 429 | 500 | 502 | 503 | 504;
  /** With 429: the most `retry_after` says at a time (else all that is left). */
  retryAfterS?: number;
}

/** Message ids grow per chat in Telegram; one counter is enough here, and never 0. */
const sendMessageId = (callNumber: number) => 1000 + callNumber;

/** The longest a getUpdates call is held open, whatever `timeout` it asks for. */
const MAX_LONG_POLL_S = 30;

/** A file sent as Telegram takes one (sendDocument's multipart/form-data part). */
export interface UploadedFile {
  fileName: string;
  content: Buffer;
}

/** The fields of a multipart/form-data body (RFC 7578): text as strings, files as UploadedFile. */
function readMultipart(body: Buffer, contentType: string): Record<string, unknown> {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  const delimiter = Buffer.from(`--${boundary?.[1] ?? boundary?.[2] ?? ''}`);
  const params: Record<string, unknown> = {};
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    const part = body.subarray(start + delimiter.length + 2, next - 2);
    const headerEnd = part.indexOf('\r\n\r\n');
    const headers = part.subarray(0, headerEnd).toString('utf8');
    const content = part.subarray(headerEnd + 4);
    // grammY writes `filename=f.csv` unquoted, browsers `filename="f.csv"`: both are read.
    const name = /;\s*name="?([^";\r\n]*)"?/.exec(headers)?.[1] ?? '';
    const fileName = /;\s*filename="?([^";\r\n]*)"?/.exec(headers)?.[1];
    params[name] =
      fileName === undefined ? content.toString('utf8') : ({ fileName, content } satisfies UploadedFile);
    start = next;
  }
  return params;
}

async function readParams(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  const contentType = request.headers['content-type'] ?? '';
  if (contentType.includes('multipart/form-data')) return readMultipart(body, contentType);
  const text = body.toString('utf8');
  if (!text) return {};
  if (contentType.includes('application/json')) return JSON.parse(text);
  return Object.fromEntries(new URLSearchParams(text));
}

/** Form-encoded calls carry objects as JSON text; JSON calls carry them as they are. */
const asObject = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);

/**
 * A small Bot API server speaking Telegram's JSON protocol (`/bot<token>/<method>`, answers
 * `{ok, result}` or `{ok:false, error_code, description}`), for grammY's `apiRoot`.
 * It answers getChatMember from `members`, records every call, remembers the webhook and the menu
 * button, and serves updates a test pushes to `getUpdates` long polling as Telegram does.
 */
export async function startFakeBotApi(options: {
  token: string;
  /**
   * Telegram's flood limit on getChatMember, across every caller: past `perSecond` calls within a
   * second, every call is answered 429 with `parameters.retry_after` until `retryAfterS` have passed.
   */
  getChatMemberLimit?: { perSecond: number; retryAfterS: number };
}) {
  const members = new Map<number, ChatMemberStatus>();
  const calls: RecordedCall[] = [];
  const methodErrors = new Map<string, BotApiError>();
  const chatErrors = new Map<number, BotApiError>();
  let failing = false;
  let hanging = false;
  /** The fake's time, ms: a test's controlled clock makes an outage last in the test's time. */
  let clock = () => Date.now();
  /** When every method is refused, and how: a flood wait (429) or a server error (5xx). */
  const outages: Outage[] = [];

  const updates: { update_id: number }[] = [];
  let nextUpdateId = 1;
  /** Everything below this id has been confirmed by a later getUpdates offset. */
  let confirmedBelow = 1;
  const confirmationWaiters: { updateId: number; resolve: () => void }[] = [];
  const pollers = new Set<() => void>();
  /** Callback queries sent to the bot (by `callbackQuery`) and not yet answered. */
  const openCallbackQueries = new Set<string>();
  let nextCallbackQueryId = 1;
  const state: { webhook?: { url: string; secretToken?: string }; menuButton?: unknown } = {};
  /** The bot's photo messages by `<chat_id>:<message_id>`, as Telegram keeps them to edit or delete. */
  const photos = new Map<string, SentPhoto>();
  let nextMessageId = 1;
  const now = () => Math.floor(Date.now() / 1000);
  /** When the getChatMember calls of the last second came, and until when the flood limit holds. */
  const recentAsks: number[] = [];
  let floodUntil = 0;

  /** Telegram's 429 for a getChatMember past the limit, with the seconds left to wait; else undefined. */
  function floodRefusal(): BotApiError | undefined {
    const limit = options.getChatMemberLimit;
    if (!limit) return undefined;
    const at = Date.now();
    if (at >= floodUntil) {
      while (recentAsks.length > 0 && (recentAsks[0] ?? 0) <= at - 1000) recentAsks.shift();
      recentAsks.push(at);
      if (recentAsks.length <= limit.perSecond) return undefined;
      floodUntil = at + limit.retryAfterS * 1000;
    }
    const retryAfter = Math.ceil((floodUntil - at) / 1000);
    return {
      error_code: 429,
      description: `Too Many Requests: retry after ${retryAfter}`,
      retry_after: retryAfter,
    };
  }
  /** Telegram's answer during an outage set by `floodUntil` or `failUntil`; else undefined. */
  function outageAnswer(): { status: number; body: Record<string, unknown> } | undefined {
    const at = clock();
    const outage = outages.find((o) => o.fromMs <= at && at < o.untilMs);
    if (!outage) return undefined;
    if (outage.status !== 429) {
      return {
        status: outage.status,
        body: { ok: false, error_code: outage.status, description: 'Bad Gateway' },
      };
    }
    // Telegram names the wait left, at most what the flood is said to last at a time.
    const left = Math.ceil((outage.untilMs - at) / 1000);
    const retryAfter = Math.min(left, outage.retryAfterS ?? left);
    return {
      status: 429,
      body: {
        ok: false,
        error_code: 429,
        description: `Too Many Requests: retry after ${retryAfter}`,
        parameters: { retry_after: retryAfter },
      },
    };
  }

  const badRequest = (description: string) => ({
    error_code: 400,
    description: `Bad Request: ${description}`,
  });

  /** sendPhoto, editMessageCaption and deleteMessage: a Message, true, or Telegram's refusal. */
  function photoMethod(method: string, params: Record<string, unknown>): { result: unknown } | BotApiError {
    const chatId = Number(params.chat_id);
    const chat = { id: chatId, type: 'private' };
    if (method === 'sendPhoto') {
      // A file uploaded in the same request: the field names its part (`attach://<name>`), or is it.
      const field = params.photo;
      const photo = (
        typeof field === 'string' && field.startsWith('attach://') ? params[field.slice(9)] : field
      ) as UploadedFile | undefined;
      if (!photo || typeof photo !== 'object') return badRequest('there is no photo in the request');
      const messageId = nextMessageId++;
      const caption = String(params.caption ?? '');
      photos.set(`${chatId}:${messageId}`, {
        chatId,
        messageId,
        photo,
        sentCaption: caption,
        caption,
        deleted: false,
      });
      const sizes = [
        { file_id: `photo-${messageId}`, file_unique_id: `p-${messageId}`, width: 640, height: 640 },
      ];
      return { result: { message_id: messageId, date: now(), chat, photo: sizes, caption } };
    }
    const sent = photos.get(`${chatId}:${Number(params.message_id)}`);
    if (method === 'deleteMessage') {
      if (!sent || sent.deleted) return badRequest('message to delete not found');
      sent.deleted = true;
      return { result: true };
    }
    if (!sent || sent.deleted) return badRequest('message to edit not found');
    const caption = String(params.caption ?? '');
    if (caption === sent.caption) {
      return badRequest(
        'message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message',
      );
    }
    sent.caption = caption;
    return {
      result: { message_id: sent.messageId, date: now(), edit_date: now(), chat, photo: [], caption },
    };
  }

  function confirm(offset: number) {
    if (offset <= confirmedBelow) return;
    confirmedBelow = offset;
    updates.splice(0, updates.length, ...updates.filter((u) => u.update_id >= offset));
    for (const waiter of [...confirmationWaiters]) {
      if (waiter.updateId < confirmedBelow) {
        confirmationWaiters.splice(confirmationWaiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  }

  function getUpdates(params: Record<string, unknown>, reply: (status: number, body: unknown) => void) {
    const offset = Number(params.offset ?? 0);
    if (offset > 0) confirm(offset);
    const pending = () => updates.filter((u) => u.update_id >= offset);
    const limit = Number(params.limit ?? 100);
    if (pending().length > 0 || !params.timeout) {
      return reply(200, { ok: true, result: pending().slice(0, limit) });
    }
    const answer = () => {
      clearTimeout(timer);
      pollers.delete(answer);
      reply(200, { ok: true, result: pending().slice(0, limit) });
    };
    const timer = setTimeout(answer, Math.min(Number(params.timeout), MAX_LONG_POLL_S) * 1000);
    pollers.add(answer);
  }

  /** Telegram's own refusals of what the app may get wrong: bad buttons, a callback answered twice. */
  function refusalOf(method: string, params: Record<string, unknown>): string | undefined {
    if (method === 'sendMessage' && params.reply_markup) {
      const markup = asObject(params.reply_markup) as SentMessage['replyMarkup'];
      for (const button of (markup?.inline_keyboard ?? []).flat()) {
        const data = button.callback_data;
        if (data !== undefined && (Buffer.byteLength(data) < 1 || Buffer.byteLength(data) > 64)) {
          return 'Bad Request: BUTTON_DATA_INVALID';
        }
      }
    }
    if (method === 'answerCallbackQuery') {
      const id = String(params.callback_query_id ?? '');
      if (!openCallbackQueries.delete(id)) {
        return 'Bad Request: query is too old and response timeout expired or query ID is invalid';
      }
      if (params.text !== undefined && String(params.text).length > 200)
        return 'Bad Request: MESSAGE_TOO_LONG';
    }
    return undefined;
  }

  function result(method: string, params: Record<string, unknown>): unknown {
    switch (method) {
      case 'getMe':
        return {
          id: Number(options.token.split(':')[0]),
          is_bot: true,
          first_name: 'Катайся с нами',
          username: 'katajsya_bot',
        };
      case 'sendMessage':
        return {
          message_id: sendMessageId(calls.length),
          date: Math.floor(Date.now() / 1000),
          chat: { id: Number(params.chat_id), type: 'private' },
          text: params.text,
        };
      case 'savePreparedInlineMessage':
        // Telegram keeps a prepared message for a day.
        return { id: `prepared-${calls.length}`, expiration_date: Math.floor(Date.now() / 1000) + 86_400 };
      case 'createInvoiceLink':
        return `https://t.me/$invoice-${calls.length}`;
      case 'sendDocument':
        return {
          message_id: calls.length,
          date: Math.floor(Date.now() / 1000),
          chat: { id: Number(params.chat_id), type: 'private' },
          document: { file_id: `file-${calls.length}`, file_unique_id: `u-${calls.length}` },
        };
      case 'setWebhook':
        state.webhook = { url: String(params.url), secretToken: params.secret_token as string | undefined };
        return true;
      case 'deleteWebhook':
        state.webhook = undefined;
        return true;
      case 'getWebhookInfo':
        return { url: state.webhook?.url ?? '', has_custom_certificate: false, pending_update_count: 0 };
      case 'setChatMenuButton':
        state.menuButton = asObject(params.menu_button);
        return true;
      default:
        return true;
    }
  }

  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(request.url?.split('?')[0] ?? '');
    const params = await readParams(request);
    const call: RecordedCall = { method: match?.[2] ?? '', params, at: clock() };
    const reply = (status: number, body: unknown) => {
      if (response.writableEnded) return;
      call.status = status;
      const retryAfter = (body as { parameters?: { retry_after?: number } }).parameters?.retry_after;
      if (retryAfter !== undefined) call.retryAfterS = retryAfter;
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (!match || match[1] !== options.token) {
      return reply(404, { ok: false, error_code: 404, description: 'Not Found' });
    }
    const method = match[2] as string;
    calls.push(call);
    if (hanging) return;
    if (failing) return reply(500, { ok: false, error_code: 500, description: 'Internal Server Error' });
    const down = outageAnswer();
    if (down) return reply(down.status, down.body);
    const methodError = methodErrors.get(method) ?? chatErrors.get(Number(params.chat_id));
    if (methodError) {
      const { retry_after, ...error } = methodError;
      return reply(error.error_code, {
        ok: false,
        ...error,
        ...(retry_after === undefined ? {} : { parameters: { retry_after } }),
      });
    }

    if (method === 'getUpdates') return getUpdates(params, reply);
    const refusal = refusalOf(method, params);
    if (refusal) return reply(400, { ok: false, error_code: 400, description: refusal });
    if (method === 'sendPhoto' || method === 'editMessageCaption' || method === 'deleteMessage') {
      const answer = photoMethod(method, params);
      return 'result' in answer
        ? reply(200, { ok: true, result: answer.result })
        : reply(answer.error_code, { ok: false, ...answer });
    }
    if (method === 'getChatMember') {
      const flood = floodRefusal();
      if (flood) {
        const { retry_after, ...error } = flood;
        return reply(429, { ok: false, ...error, parameters: { retry_after } });
      }
      const userId = Number(params.user_id);
      const status = members.get(userId);
      if (!status)
        return reply(400, { ok: false, error_code: 400, description: 'Bad Request: user not found' });
      return reply(200, {
        ok: true,
        result: {
          status,
          user: { id: userId, is_bot: false, first_name: 'User' },
          ...(status === 'restricted' ? { is_member: true } : {}),
        },
      });
    }
    return reply(200, { ok: true, result: result(method, params) });
  });

  // grammY keeps its connections alive; a server closing idle ones after Node's 5 s default races a
  // request sent on one just then ("socket hang up"). Telegram keeps them far longer; so does this.
  server.keepAliveTimeout = 10 * 60 * 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    apiRoot: `http://127.0.0.1:${port}`,
    members,
    calls,
    callsOf: (method: string) => calls.filter((call) => call.method === method),
    /** Every sendMessage answered with success so far, in order. */
    sentMessages: (): SentMessage[] =>
      calls
        .filter((call) => call.method === 'sendMessage' && call.status === 200)
        .map((call) => ({
          messageId: sendMessageId(calls.indexOf(call) + 1),
          chatId: Number(call.params.chat_id),
          text: String(call.params.text),
          ...(call.params.reply_markup ? { replyMarkup: asObject(call.params.reply_markup) } : {}),
        })),
    /** Every photo the bot sent, in order, with its caption as edited since. */
    sentPhotos: (): SentPhoto[] => [...photos.values()],
    /** The webhook set by setWebhook (cleared by deleteWebhook) and the menu button last set. */
    state,
    /** Makes every method answer 500 until called with false. */
    setFailing: (value: boolean) => {
      failing = value;
    },
    /** The clock outages are measured by and calls stamped with (the test's controlled one); real time by default. */
    setClock: (now: () => number) => {
      clock = now;
    },
    /**
     * From `fromMs` to `untilMs` on the fake's clock, every method answers `status`: 429 with
     * `retry_after` the seconds left (at most `retryAfterS`), as Telegram does for a bot that sent
     * too much, or a 5xx (Telegram's side is down). Outages may follow one another.
     */
    addOutage: (outage: Outage) => {
      outages.push(outage);
    },
    /** Makes every method leave its caller waiting, unanswered, until called with false. */
    setHanging: (value: boolean) => {
      hanging = value;
    },
    /** Makes one method answer this error (e.g. 403 "bot was blocked by the user") until cleared with undefined. */
    setMethodError: (method: string, error: BotApiError | undefined) => {
      if (error) methodErrors.set(method, error);
      else methodErrors.delete(method);
    },
    /** Makes every call about this chat answer this error (a user who blocked the bot…) until cleared with undefined. */
    setChatError: (chatId: number, error: BotApiError | undefined) => {
      if (error) chatErrors.set(chatId, error);
      else chatErrors.delete(chatId);
    },
    /**
     * A person's tap on an inline button of `message`, as the `callback_query` update Telegram sends
     * the bot (post it to the webhook, or push it); the bot must answer it with answerCallbackQuery.
     */
    callbackQuery(
      from: { id: number; first_name: string; username?: string },
      message: SentMessage,
      data: string,
    ): Record<string, unknown> {
      const id = `cq-${nextCallbackQueryId++}`;
      openCallbackQueries.add(id);
      return {
        callback_query: {
          id,
          from: { ...from, is_bot: false },
          chat_instance: `ci-${message.chatId}`,
          data,
          message: {
            message_id: message.messageId,
            date: Math.floor(Date.now() / 1000),
            chat: { id: message.chatId, type: 'private' },
            text: message.text,
            ...(message.replyMarkup ? { reply_markup: message.replyMarkup } : {}),
          },
        },
      };
    },
    /** Every answerCallbackQuery Telegram accepted, in order. */
    callbackAnswers: (): CallbackAnswer[] =>
      calls
        .filter((call) => call.method === 'answerCallbackQuery' && call.status === 200)
        .map(({ params }) => ({
          callbackQueryId: String(params.callback_query_id),
          ...(params.text === undefined ? {} : { text: String(params.text) }),
          showAlert: params.show_alert === true || params.show_alert === 'true',
        })),
    /** Queues an update for getUpdates (its update_id is given here) and wakes a waiting long poll. */
    pushUpdate(update: Record<string, unknown>): number {
      const updateId = nextUpdateId++;
      updates.push({ ...update, update_id: updateId });
      for (const answer of [...pollers]) answer();
      return updateId;
    },
    /**
     * Resolves once the bot has confirmed the update (asked getUpdates for a later offset), which
     * grammY does only after its handlers for that update have finished.
     */
    confirmed(updateId: number): Promise<void> {
      if (updateId < confirmedBelow) return Promise.resolve();
      return new Promise((resolve) => confirmationWaiters.push({ updateId, resolve }));
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const answer of [...pollers]) answer();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type FakeBotApi = Awaited<ReturnType<typeof startFakeBotApi>>;
