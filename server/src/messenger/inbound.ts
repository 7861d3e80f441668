import type { TMessenger } from '#contract/messengers';
import type { BotStarted, ButtonPress, MessengerInbound, Reply } from '../domain/messenger.ts';
import { startTexts } from './texts.ts';

/**
 * What a module does with what people send the bot, whichever messenger carries it: each handler
 * takes the person as the app knows them (`userId`) and the tap or reply, and answers through it.
 */
export interface InboundHandlers {
  /** Taps on buttons whose `callback` is `data` (or matches it). */
  buttons?: { data: string | RegExp; press(userId: number, press: ButtonPress): Promise<void> }[];
  /** A reply to one of the bot's messages: true when it was this module's to take. */
  reply?(userId: number, reply: Reply): Promise<boolean>;
  /**
   * A start whose payload begins with `prefix` (a link into the bot made for something): the rest of
   * the payload, and the start to answer in. Such a start gets this module's answer, not the greeting.
   */
  start?: { prefix: string; started(payload: string, start: BotStarted): Promise<void> };
}

/**
 * The app's side of every messenger's updates: the adapters' transports call it, it finds the
 * person and hands the update to the module whose it is. `appPublished`: the app has a public
 * address, so a start offers a button into it.
 */
export function createMessengerInbound(options: {
  handlers: readonly InboundHandlers[];
  appPublished: boolean;
  /** The users module's: the app's id of a messenger's person (made at first sight), and their profile written. */
  users: {
    userIdOf(messenger: TMessenger, externalId: number): Promise<number>;
    upsertUser(person: {
      id: number;
      messenger: TMessenger;
      username: string | null;
      firstName: string;
      lastName: string | null;
    }): Promise<void>;
  };
  /** The membership module's record of someone seen in or out of the community chat. */
  membership: { record(userId: number, member: boolean): Promise<void> };
}): MessengerInbound {
  const { handlers, users, membership } = options;
  const buttons = handlers.flatMap((handler) => handler.buttons ?? []);
  const replies = handlers.flatMap((handler) => (handler.reply ? [handler.reply] : []));
  const starts = handlers.flatMap((handler) => (handler.start ? [handler.start] : []));
  const personOf = (from: { messenger: TMessenger; externalId: string }) =>
    users.userIdOf(from.messenger, Number(from.externalId));

  return {
    async pressed(press) {
      const button = buttons.find(({ data }) =>
        typeof data === 'string' ? data === press.data : data.test(press.data),
      );
      if (!button) return false;
      await button.press(await personOf(press.from), press);
      return true;
    },
    async replied(reply) {
      const userId = await personOf(reply.from);
      for (const take of replies) if (await take(userId, reply)) return true;
      return false;
    },
    async started(start) {
      const payload = start.payload ?? '';
      const made = starts.find(({ prefix }) => payload.startsWith(prefix));
      if (made) return made.started(payload.slice(made.prefix.length), start);
      if (options.appPublished)
        await start.say(startTexts.start, [[{ text: startTexts.openButton, app: '' }]]);
      else await start.say(`${startTexts.start}\n\n${startTexts.withoutApp}`, null);
    },
    async wrote(written) {
      if (options.appPublished)
        await written.say(startTexts.written, [[{ text: startTexts.openButton, app: '' }]]);
      else await written.say(`${startTexts.written}\n\n${startTexts.withoutApp}`, null);
    },
    // Whoever joins, leaves or writes there is kept with their name and their membership.
    async seenInCommunity(seen) {
      const userId = await personOf(seen.from);
      const { username, firstName, lastName } = seen;
      await users.upsertUser({ id: userId, username, firstName, lastName, messenger: seen.from.messenger });
      await membership.record(userId, seen.member);
    },
  };
}
