import { createHmac } from 'node:crypto';
import type { TStandInButton, TStandInChat, TStandInMessage } from '#contract/stand-in-chat';
import { type MaxSentMessage, startFakeMaxApi } from '#test-support/fake-max-api';
import { DEMO_USERS } from '../db/seed/demo-users.ts';

/** The local MAX bot's name, shaped as MAX makes one (`id<ИНН>_bot`), with the demo operator's ИНН. */
export const STAND_IN_MAX_BOT_NAME = 'id000000000000_bot';
/** The local MAX's community chat: a group's id, negative as MAX's are. */
export const STAND_IN_MAX_CHAT_ID = '-70000000001';

/** The longest a chat read waits for something new, as the Telegram stand-in's does. */
const LONG_POLL_MS = 25_000;
const TICK_MS = 250;
/** How long a tap waits for the bot's answer, which comes back through long polling. */
const ANSWER_WAIT_MS = 5_000;

/** A person as MAX names them in an update. */
export interface StandInMaxPerson {
  user_id: number;
  first_name: string;
  username: string | null;
}

type Entry =
  | { from: 'bot'; mid: string; sentAt: string }
  | { from: 'person'; text: string; sentAt: string; replyTo?: number };

/**
 * The local stand-in's MAX (ARCHITECTURE §4, ADR 0019): our fake of MAX's Bot API
 * (test-support/fake-max-api.ts) run in the process on loopback, so MAX's adapter and its long
 * polling speak MAX's JSON to it as to MAX, and each person's «Чат с ботом в MAX» read from what it
 * holds. The demo people who are in Telegram's community chat are in its chat too, under their
 * Telegram number as their MAX id (a separate person to the app, as two messengers' accounts are).
 * Its token is derived from the local Telegram token, so init data signed before a restart still
 * holds. Chats live in memory.
 */
export async function startStandInMax(telegramToken: string) {
  const token = createHmac('sha256', telegramToken).update('stand-in-max-bot-token').digest('hex');
  const api = await startFakeMaxApi({ token, botName: STAND_IN_MAX_BOT_NAME });
  api.setChat(
    STAND_IN_MAX_CHAT_ID,
    DEMO_USERS.filter((demo) => demo.isChatMember).map((demo) => ({
      user_id: demo.id,
      first_name: demo.firstName,
      username: demo.username,
    })),
  );

  /** Each person's chat in the order things happened: the bot's messages by `mid`, the person's own. */
  const entries = new Map<number, Entry[]>();
  let closed = false;

  /** Takes in what the bot sent since the last look, after what was there. */
  function entriesOf(userId: number): Entry[] {
    const chat = entries.get(userId) ?? [];
    entries.set(userId, chat);
    const known = new Set(chat.flatMap((entry) => (entry.from === 'bot' ? [entry.mid] : [])));
    for (const sent of api.sentMessages()) {
      if (sent.userId === userId && !known.has(sent.mid))
        chat.push({ from: 'bot', mid: sent.mid, sentAt: new Date().toISOString() });
    }
    return chat;
  }

  const sentOf = (mid: string) => api.sentMessages().find((sent) => sent.mid === mid);

  const buttonsOf = (sent: MaxSentMessage): TStandInButton[][] =>
    (sent.attachments.find((a) => a.type === 'inline_keyboard')?.payload?.buttons ?? []).map((row) =>
      row.map((button) => ({
        text: button.text,
        ...(button.type === 'callback' && button.payload ? { callbackData: button.payload } : {}),
        ...(button.type === 'link' && button.url ? { url: button.url } : {}),
        // MAX opens the bot's mini-app, at its start or with the button's start parameter.
        ...(button.type === 'open_app'
          ? { url: `https://max.ru/${STAND_IN_MAX_BOT_NAME}?startapp=${button.payload ?? ''}` }
          : {}),
        webApp: button.type === 'open_app',
      })),
    );

  const imageOf = (sent: MaxSentMessage) => {
    const image = sent.attachments.find((a) => a.type === 'image');
    return image ? sent.uploads.find((u) => u.token === image.payload?.token) : undefined;
  };

  function view(userId: number): TStandInChat {
    const chat = entriesOf(userId);
    const messages = chat.flatMap((entry, index): TStandInMessage[] => {
      const messageId = index + 1;
      if (entry.from === 'person') {
        return [
          {
            messageId,
            from: 'person',
            sentAt: entry.sentAt,
            text: entry.text,
            entities: [],
            buttons: [],
            ...(entry.replyTo ? { replyToMessageId: entry.replyTo } : {}),
          },
        ];
      }
      const sent = sentOf(entry.mid);
      if (!sent || sent.deleted) return [];
      return [
        {
          messageId,
          from: 'bot',
          sentAt: entry.sentAt,
          text: sent.text ?? '',
          entities: [],
          buttons: buttonsOf(sent),
          ...(imageOf(sent) ? { photoUrl: `/api/dev/max/chat/${userId}/photos/${messageId}` } : {}),
          ...(sent.edits > 0 ? { editedAt: entry.sentAt } : {}),
        },
      ];
    });
    return { botUsername: STAND_IN_MAX_BOT_NAME, version: versionOf(userId), messages };
  }

  /** Grows with every message sent, edited or written in the person's chat. */
  const versionOf = (userId: number) =>
    entriesOf(userId).reduce(
      (sum, entry) => sum + 1 + (entry.from === 'bot' ? (sentOf(entry.mid)?.edits ?? 0) : 0),
      0,
    );

  const botEntry = (userId: number, messageId: number) => {
    const entry = entriesOf(userId)[messageId - 1];
    return entry?.from === 'bot' ? sentOf(entry.mid) : undefined;
  };

  return {
    /** MAX's settings as config.ts reads them, pointing at the local MAX. */
    settings: {
      botToken: token,
      botName: STAND_IN_MAX_BOT_NAME,
      apiRoot: api.apiRoot,
      communityChatId: STAND_IN_MAX_CHAT_ID,
    },

    /** The person's chat now, or once it changes past `since` (at most 25 s later). */
    async chat(userId: number, since?: number): Promise<TStandInChat> {
      const until = Date.now() + LONG_POLL_MS;
      while (since !== undefined && versionOf(userId) <= since && Date.now() < until && !closed) {
        await new Promise((resolve) => setTimeout(resolve, TICK_MS));
      }
      return view(userId);
    },

    photo: (userId: number, messageId: number) => {
      const sent = botEntry(userId, messageId);
      return sent ? imageOf(sent)?.content : undefined;
    },

    /**
     * A tap on a callback button, as MAX's message_callback update; resolves to the notification the
     * bot answered it with (POST /answers; MAX has no alert), null when it did not within 5 s, or
     * undefined when there is no such button.
     */
    async press(person: StandInMaxPerson, messageId: number, payload: string) {
      const sent = botEntry(person.user_id, messageId);
      const offered =
        sent &&
        buttonsOf(sent)
          .flat()
          .some((button) => button.callbackData === payload);
      if (!sent || !offered) return undefined;
      const update = api.callback(person, sent, payload);
      api.pushUpdate(update);
      const until = Date.now() + ANSWER_WAIT_MS;
      while (Date.now() < until && !closed) {
        const answer = api.answers.find((a) => a.callbackId === update.callback.callback_id);
        if (answer)
          return { ...(answer.notification ? { text: answer.notification } : {}), showAlert: false };
        await new Promise((resolve) => setTimeout(resolve, TICK_MS / 5));
      }
      return null;
    },

    /**
     * The person writes to the bot: /start as MAX's «Начать» (bot_started), anything else as a
     * message_created, a reply when `replyTo` names the bot's message.
     */
    write(person: StandInMaxPerson, text: string, replyTo?: number) {
      const chat = entriesOf(person.user_id);
      const repliedTo = replyTo === undefined ? undefined : botEntry(person.user_id, replyTo);
      chat.push({
        from: 'person',
        text,
        sentAt: new Date().toISOString(),
        ...(repliedTo ? { replyTo } : {}),
      });
      const user = { ...person, is_bot: false };
      if (/^\/start(\s|$)/.test(text)) {
        api.pushUpdate({
          update_type: 'bot_started',
          chat_id: person.user_id,
          user,
          payload: text.slice('/start'.length).trim() || null,
        });
        return;
      }
      api.pushUpdate({
        update_type: 'message_created',
        message: {
          sender: user,
          recipient: { chat_id: person.user_id, chat_type: 'dialog', user_id: person.user_id },
          timestamp: Date.now(),
          body: { mid: `mid.person.${chat.length}`, seq: chat.length, text },
          ...(repliedTo ? { link: { type: 'reply', message: { mid: repliedTo.mid } } } : {}),
        },
      });
    },

    /** Lets every chat read and tap under way answer now: the server is stopping. */
    release() {
      closed = true;
    },

    /** Stops the local MAX: once the app that polls it has closed. */
    close: () => {
      closed = true;
      return api.close();
    },
  };
}

export type StandInMax = Awaited<ReturnType<typeof startStandInMax>>;
