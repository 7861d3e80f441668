import { Api, Bot } from 'grammy';
import type { InlineKeyboardButton, MessageEntity, Update, User, UserFromGetMe } from 'grammy/types';
import type { TStandInButton, TStandInChat, TStandInMessage } from '#contract/stand-in-chat';

/** The stand-in bot's username: its t.me links (invitations, «Открыть QR») name it. */
export const STAND_IN_BOT_USERNAME = 'katajsya_local_bot';

/** The longest a chat read waits for something new: under any proxy's idle timeout. */
const LONG_POLL_MS = 25_000;

/** grammY's fetch is typed with its node-fetch shim; ours answers with Node's own Response. */
type GrammyFetch = NonNullable<NonNullable<ConstructorParameters<typeof Api>[1]>['fetch']>;

/** A refusal as Telegram words it (`{ok: false, error_code, description}`). */
class Refusal extends Error {
  constructor(
    readonly code: number,
    readonly description: string,
  ) {
    super(description);
  }
}
const badRequest = (description: string) => new Refusal(400, `Bad Request: ${description}`);

interface StoredMessage extends Omit<TStandInMessage, 'photoUrl'> {
  photo?: Buffer;
  /** The inline keyboard as sent, for a callback query's `message`. */
  markup?: unknown;
}

interface Chat {
  messages: StoredMessage[];
  /** The counter's value at this chat's last change. */
  version: number;
  nextMessageId: number;
}

interface SendParams {
  chat_id?: unknown;
  text?: unknown;
  caption?: unknown;
  entities?: unknown;
  caption_entities?: unknown;
  reply_markup?: unknown;
  message_id?: unknown;
  photo?: unknown;
  callback_query_id?: unknown;
  show_alert?: unknown;
}

/** A typed command (`/start`, `/help@bot`) as Telegram marks it: a bot_command entity at its start. */
function commandOf(text: string): MessageEntity[] {
  const command = /^\/[A-Za-z0-9_]{1,32}(?:@[A-Za-z0-9_]+)?/.exec(text)?.[0];
  return command ? [{ type: 'bot_command', offset: 0, length: command.length }] : [];
}

/** Multipart fields carry objects as JSON text; JSON calls carry them as they are. */
const asObject = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);

function buttonsOf(markup: unknown): { buttons: TStandInButton[][]; forceReply?: { placeholder?: string } } {
  const m = (markup ?? {}) as {
    inline_keyboard?: InlineKeyboardButton[][];
    force_reply?: boolean;
    input_field_placeholder?: string;
  };
  const buttons = (m.inline_keyboard ?? []).map((row) =>
    row.map((button) => ({
      text: button.text,
      ...('callback_data' in button ? { callbackData: button.callback_data } : {}),
      ...('web_app' in button && button.web_app ? { url: button.web_app.url } : {}),
      ...('url' in button ? { url: button.url } : {}),
      webApp: 'web_app' in button,
    })),
  );
  return m.force_reply
    ? {
        buttons,
        forceReply: m.input_field_placeholder ? { placeholder: m.input_field_placeholder } : {},
      }
    : { buttons };
}

/** The fields of a multipart/form-data body (RFC 7578): text as strings, files as Buffers. */
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
    // grammY writes `filename=qr.png` unquoted: both forms are read.
    const name = /;\s*name="?([^";\r\n]*)"?/.exec(headers)?.[1] ?? '';
    const isFile = /;\s*filename=/.test(headers);
    params[name] = isFile ? Buffer.from(content) : content.toString('utf8');
    start = next;
  }
  return params;
}

/** The fields of a call: JSON, or multipart/form-data (grammY's upload of a photo) as a stream. */
async function readParams(init: RequestInit | undefined): Promise<Record<string, unknown>> {
  const body = init?.body as unknown;
  if (body === undefined || body === null) return {};
  if (typeof body === 'string') return JSON.parse(body);
  const chunks: Buffer[] = [];
  for await (const chunk of body as AsyncIterable<Uint8Array | string>) chunks.push(Buffer.from(chunk));
  const headers = new Headers(init?.headers as ConstructorParameters<typeof Headers>[0]);
  return readMultipart(Buffer.concat(chunks), headers.get('content-type') ?? '');
}

/**
 * The local stand-in's Bot API (ARCHITECTURE §4): a peer that speaks Telegram's protocol to grammY
 * in-process, through grammY's `fetch` option, and keeps each person's chat as Telegram's client
 * would show it. The outbox sends to it exactly what it sends to Telegram, and a tap or a reply in
 * the stand-in's «Чат с ботом» comes back as a real update through the same bot handlers. Chats
 * live in memory: a restart starts them empty (what was sent before stays sent).
 */
export function createStandInBotApi(options: { token: string; username?: string }) {
  const { token } = options;
  const me: UserFromGetMe = {
    id: Number(token.split(':')[0]),
    is_bot: true,
    first_name: 'Катайся с нами (локально)',
    username: options.username ?? STAND_IN_BOT_USERNAME,
    can_join_groups: false,
    can_read_all_group_messages: false,
    supports_inline_queries: false,
    can_connect_to_business: false,
    has_main_web_app: true,
    has_topics_enabled: false,
    allows_users_to_create_topics: false,
    can_manage_bots: false,
    supports_join_request_queries: false,
  };
  const chats = new Map<number, Chat>();
  let counter = 0;
  const waiters = new Set<() => void>();
  const callbackAnswers = new Map<string, { text?: string; showAlert: boolean }>();
  let nextUpdateId = 1;

  function chatOf(chatId: number): Chat {
    let chat = chats.get(chatId);
    if (!chat) {
      chat = { messages: [], version: 0, nextMessageId: 1 };
      chats.set(chatId, chat);
    }
    return chat;
  }

  function changed(chat: Chat) {
    counter += 1;
    chat.version = counter;
    for (const wake of [...waiters]) wake();
  }

  function add(chatId: number, message: Omit<StoredMessage, 'messageId' | 'sentAt'>): StoredMessage {
    const chat = chatOf(chatId);
    const stored = { ...message, messageId: chat.nextMessageId++, sentAt: new Date().toISOString() };
    chat.messages.push(stored);
    changed(chat);
    return stored;
  }

  const chatIdOf = (params: SendParams) => {
    const chatId = Number(params.chat_id);
    if (!Number.isSafeInteger(chatId)) throw badRequest('chat not found');
    return chatId;
  };

  function sent(chatId: number, params: SendParams): StoredMessage {
    const stored = chats.get(chatId)?.messages.find((m) => m.messageId === Number(params.message_id));
    if (stored?.from !== 'bot') throw badRequest('message to edit not found');
    return stored;
  }

  /** The Message object Telegram answers a send with (and puts in a callback query). */
  function asTelegramMessage(chatId: number, stored: StoredMessage) {
    const chat = { id: chatId, type: 'private' as const, first_name: 'stand-in' };
    const base = {
      message_id: stored.messageId,
      date: Math.floor(Date.parse(stored.sentAt) / 1000),
      chat,
      ...(stored.from === 'bot'
        ? { from: { id: me.id, is_bot: true, first_name: me.first_name, username: me.username } }
        : {}),
      ...(stored.markup ? { reply_markup: stored.markup } : {}),
    };
    return stored.photo
      ? {
          ...base,
          photo: [
            {
              file_id: `photo-${stored.messageId}`,
              file_unique_id: `p${stored.messageId}`,
              width: 512,
              height: 512,
            },
          ],
          caption: stored.text,
          caption_entities: stored.entities,
        }
      : { ...base, text: stored.text, entities: stored.entities };
  }

  const methods: Record<string, (params: SendParams) => unknown> = {
    getMe: () => me,
    sendMessage(params) {
      const chatId = chatIdOf(params);
      const text = String(params.text ?? '');
      if (!text.trim()) throw badRequest('message text is empty');
      const markup = asObject(params.reply_markup);
      const stored = add(chatId, {
        from: 'bot',
        text,
        entities: (asObject(params.entities) as MessageEntity[] | undefined) ?? [],
        ...buttonsOf(markup),
        ...(markup ? { markup } : {}),
      });
      return asTelegramMessage(chatId, stored);
    },
    sendPhoto(params) {
      const chatId = chatIdOf(params);
      const field = params.photo;
      const photo =
        typeof field === 'string' && field.startsWith('attach://')
          ? (params as Record<string, unknown>)[field.slice(9)]
          : field;
      if (!Buffer.isBuffer(photo)) throw badRequest('there is no photo in the request');
      const markup = asObject(params.reply_markup);
      const stored = add(chatId, {
        from: 'bot',
        text: String(params.caption ?? ''),
        entities: (asObject(params.caption_entities) as MessageEntity[] | undefined) ?? [],
        photo,
        ...buttonsOf(markup),
        ...(markup ? { markup } : {}),
      });
      return asTelegramMessage(chatId, stored);
    },
    editMessageCaption(params) {
      const chatId = chatIdOf(params);
      const stored = sent(chatId, params);
      const caption = String(params.caption ?? '');
      const markup = asObject(params.reply_markup);
      if (caption === stored.text && JSON.stringify(markup) === JSON.stringify(stored.markup)) {
        throw badRequest(
          'message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message',
        );
      }
      Object.assign(stored, {
        text: caption,
        entities: (asObject(params.caption_entities) as MessageEntity[] | undefined) ?? [],
        editedAt: new Date().toISOString(),
        markup,
        ...buttonsOf(markup),
      });
      changed(chatOf(chatId));
      return asTelegramMessage(chatId, stored);
    },
    // Only the buttons change: Telegram marks no such message «изменено».
    editMessageReplyMarkup(params) {
      const chatId = chatIdOf(params);
      const stored = sent(chatId, params);
      const markup = asObject(params.reply_markup);
      if (JSON.stringify(markup) === JSON.stringify(stored.markup)) {
        throw badRequest(
          'message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message',
        );
      }
      Object.assign(stored, { markup, ...buttonsOf(markup) });
      changed(chatOf(chatId));
      return asTelegramMessage(chatId, stored);
    },
    // A gift's message to share: the stand-in shares its t.me/share/url link instead (Mini Apps 8.0 only).
    savePreparedInlineMessage: () => ({
      id: `stand-in-prepared-${nextUpdateId++}`,
      expiration_date: Math.floor(Date.now() / 1000) + 24 * 3600,
    }),
    answerCallbackQuery(params) {
      const id = String(params.callback_query_id ?? '');
      if (!id.startsWith('stand-in-') || callbackAnswers.has(id)) {
        throw badRequest('query is too old and response timeout expired or query ID is invalid');
      }
      const text = params.text === undefined ? undefined : String(params.text);
      callbackAnswers.set(id, {
        ...(text ? { text } : {}),
        showAlert: params.show_alert === true || params.show_alert === 'true',
      });
      return true;
    },
  };

  const fetch = (async (url: string | URL, init?: RequestInit) => {
    const method = String(url).split('/').pop() ?? '';
    const answer = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    const handle = methods[method];
    if (!handle)
      return answer(404, { ok: false, error_code: 404, description: 'Not Found: method not found' });
    try {
      return answer(200, { ok: true, result: handle((await readParams(init)) as SendParams) });
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      return answer(error.code, { ok: false, error_code: error.code, description: error.description });
    }
  }) as unknown as GrammyFetch;

  const client = { apiRoot: 'http://stand-in.invalid', fetch };
  const api = new Api(token, client);
  /** The bot the stand-in's updates go to: the app registers the same handlers on it as on Telegram's. */
  const bot = new Bot(token, { client, botInfo: me });

  function view(chatId: number): TStandInChat {
    const chat = chats.get(chatId);
    return {
      botUsername: me.username,
      version: chat?.version ?? 0,
      messages: (chat?.messages ?? []).map(({ photo, markup: _markup, ...message }) => ({
        ...message,
        ...(photo ? { photoUrl: `/api/dev/chat/${chatId}/photos/${message.messageId}` } : {}),
      })),
    };
  }

  const closed = { now: false };

  return {
    api,
    bot,
    username: me.username,

    /** The person's chat now, or once it changes past `since` (at most 25 s later). */
    async chat(chatId: number, since?: number): Promise<TStandInChat> {
      if (since !== undefined && (chats.get(chatId)?.version ?? 0) <= since && !closed.now) {
        await new Promise<void>((resolve) => {
          const wake = () => {
            if ((chats.get(chatId)?.version ?? 0) <= since && !closed.now) return;
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(() => {
            waiters.delete(wake);
            resolve();
          }, LONG_POLL_MS);
          waiters.add(wake);
        });
      }
      return view(chatId);
    },

    photo(chatId: number, messageId: number): Buffer | undefined {
      return chats.get(chatId)?.messages.find((m) => m.messageId === messageId)?.photo;
    },

    /**
     * A tap on a callback button, as a `callback_query` update to the bot; resolves to what the bot
     * answered it with (answerCallbackQuery), or null when it did not.
     */
    async press(person: User, messageId: number, data: string) {
      const stored = chats.get(person.id)?.messages.find((m) => m.messageId === messageId);
      const offered = stored?.buttons.flat().some((button) => button.callbackData === data);
      if (!stored || !offered) return undefined;
      const id = `stand-in-${nextUpdateId}`;
      const update = {
        update_id: nextUpdateId++,
        callback_query: {
          id,
          from: person,
          chat_instance: `stand-in-${person.id}`,
          message: asTelegramMessage(person.id, stored),
          data,
        },
      } as unknown as Update;
      await bot.handleUpdate(update);
      const answer = callbackAnswers.get(id) ?? null;
      callbackAnswers.delete(id);
      return answer;
    },

    /** The person writes to the bot (a reply to a prompt, when `replyTo` names one), as a `message` update. */
    async write(person: User, text: string, replyTo?: number) {
      const repliedTo =
        replyTo === undefined
          ? undefined
          : chats.get(person.id)?.messages.find((m) => m.messageId === replyTo);
      const stored = add(person.id, {
        from: 'person',
        text,
        entities: commandOf(text),
        buttons: [],
        ...(repliedTo ? { replyToMessageId: repliedTo.messageId } : {}),
      });
      const message = {
        ...asTelegramMessage(person.id, stored),
        from: person,
        ...(repliedTo ? { reply_to_message: asTelegramMessage(person.id, repliedTo) } : {}),
      };
      await bot.handleUpdate({ update_id: nextUpdateId++, message } as unknown as Update);
    },

    /** Lets every chat read under way answer now: the server is stopping. */
    close() {
      closed.now = true;
      for (const wake of [...waiters]) wake();
    },
  };
}

export type StandInBotApi = ReturnType<typeof createStandInBotApi>;
