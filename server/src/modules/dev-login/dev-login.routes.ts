import { randomInt } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZDevInitDataRequest, ZDevInitDataResponse, ZDevUsersResponse } from '#contract/session';
import {
  type TStandInCallbackResponse,
  type TStandInChat,
  ZStandInCallbackRequest,
  ZStandInCallbackResponse,
  ZStandInChat,
  ZStandInChatQuery,
  ZStandInMessageRequest,
  ZStandInNewPersonRequest,
  ZStandInUserParams,
} from '#contract/stand-in-chat';
import type { Db } from '../../db/client.ts';
import { users as usersTable } from '../../db/schema.ts';
import { DEMO_USERS } from '../../db/seed/demo-users.ts';
import { DomainError } from '../../domain/domain-error.ts';
import { signMaxInitData } from '../../max/init-data.ts';
import type { StandInMax } from '../../max/stand-in-max.ts';
import { signInitData } from '../../telegram/init-data.ts';
import type { StandInBotApi } from '../../telegram/stand-in-bot-api.ts';
import type { UserService } from '../users/users.service.ts';
import { type DevLoginRefusal, standInPerson } from './texts.ts';

/**
 * The local stand-in (ARCHITECTURE §4): signs init data for a demo user with the local bot token,
 * so the same validation runs as in production, and plays each person's chat with the bot over the
 * stand-in's Bot API. Registered only when no bot is configured outside production; in production
 * these routes do not exist.
 */
export const devLoginRoutes: FastifyPluginAsyncZod<{
  db: Db;
  users: UserService;
  botToken: string;
  standIn: StandInBotApi;
  standInMax?: StandInMax;
}> = async (app, { db, users, botToken, standIn, standInMax }) => {
  const demoIds = DEMO_USERS.map((user) => user.id);

  async function presentDemoUsers() {
    const rows = await db.select().from(usersTable).where(inArray(usersTable.id, demoIds));
    return DEMO_USERS.flatMap((demo) => {
      const row = rows.find((r) => r.id === demo.id);
      return row ? [{ ...demo, row }] : [];
    });
  }

  app.get('/api/dev/users', { schema: { response: { 200: ZDevUsersResponse } } }, async () => {
    const present = await presentDemoUsers();
    return Promise.all(
      present.map(async ({ id, username, firstName, label, row }) => ({
        id,
        username,
        firstName,
        label,
        role: await users.resolveRole(id),
        isChatMember: row.isChatMember,
      })),
    );
  });

  app.post(
    '/api/dev/init-data',
    { schema: { body: ZDevInitDataRequest, response: { 200: ZDevInitDataResponse } } },
    async (request) => {
      const demo = (await presentDemoUsers()).find((user) => user.id === request.body.userId);
      if (!demo) throw new DomainError<DevLoginRefusal>('demo_user_not_found');
      if (request.body.messenger === 'max') {
        if (!standInMax) throw new DomainError<DevLoginRefusal>('no_local_max');
        // In MAX the demo person is another account, under their Telegram number as MAX's id.
        const person = { id: demo.id, username: demo.username, firstName: demo.firstName, lastName: null };
        return {
          initData: signMaxInitData(
            person,
            standInMax.settings.botToken,
            new Date(),
            request.body.startParam,
          ),
        };
      }
      const initData = signInitData(
        { id: demo.id, username: demo.username, firstName: demo.firstName, lastName: null },
        botToken,
        new Date(),
        request.body.startParam,
      );
      return { initData };
    },
  );

  // A friend opening an invitation: someone the app has never seen, with the link's `startapp`.
  app.post(
    '/api/dev/new-person',
    { schema: { body: ZStandInNewPersonRequest, response: { 200: ZDevInitDataResponse } } },
    async (request) => {
      const number = randomInt(1000, 10_000);
      const person = {
        id: 700_100_000 + number,
        username: `${standInPerson.usernamePrefix}${number}`,
        firstName: standInPerson.firstName,
        lastName: null,
      };
      // In the community chat already, as a friend who followed the invitation's chat link would be:
      // an invitee counts as come once in the chat (invites.service.ts).
      await users.upsertUser(person);
      await db.update(usersTable).set({ isChatMember: true }).where(eq(usersTable.id, person.id));
      return { initData: signInitData(person, botToken, new Date(), request.body.startParam) };
    },
  );

  /** The person as Telegram names them in an update; one the app has seen. */
  async function personOf(userId: number) {
    const [row] = await db.select().from(usersTable).where(eq(usersTable.id, userId));
    if (!row) throw new DomainError<DevLoginRefusal>('demo_user_not_found');
    return {
      id: row.id,
      is_bot: false as const,
      first_name: row.firstName,
      ...(row.lastName ? { last_name: row.lastName } : {}),
      ...(row.username ? { username: row.username } : {}),
    };
  }

  /**
   * A stand-in chat's routes under `prefix`: what the bot sent a person, a picture of it, a tap on
   * its buttons and a message to the bot, alike for Telegram's chat and MAX's.
   */
  function chatRoutes<Person>(
    prefix: string,
    chat: {
      chat(userId: number, since?: number): Promise<TStandInChat>;
      photo(userId: number, messageId: number): Buffer | undefined;
      press(
        person: Person,
        messageId: number,
        data: string,
      ): Promise<TStandInCallbackResponse['answer'] | undefined>;
      write(person: Person, text: string, replyTo?: number): unknown;
    },
    personOf: (userId: number) => Person | Promise<Person>,
  ) {
    app.get(
      `${prefix}/:userId`,
      {
        schema: {
          params: ZStandInUserParams,
          querystring: ZStandInChatQuery,
          response: { 200: ZStandInChat },
        },
      },
      async (request) => chat.chat(request.params.userId, request.query.since),
    );

    app.get(
      `${prefix}/:userId/photos/:messageId`,
      { schema: { params: ZStandInUserParams.extend({ messageId: ZStandInUserParams.shape.userId }) } },
      async (request, reply) => {
        const photo = chat.photo(request.params.userId, request.params.messageId);
        if (!photo) throw new DomainError<DevLoginRefusal>('message_not_found');
        return reply.type('image/png').header('cache-control', 'private, max-age=86400').send(photo);
      },
    );

    app.post(
      `${prefix}/:userId/callback`,
      {
        schema: {
          params: ZStandInUserParams,
          body: ZStandInCallbackRequest,
          response: { 200: ZStandInCallbackResponse },
        },
      },
      async (request) => {
        const { messageId, data } = request.body;
        const answer = await chat.press(await personOf(request.params.userId), messageId, data);
        if (answer === undefined) throw new DomainError<DevLoginRefusal>('message_not_found');
        return { answer };
      },
    );

    app.post(
      `${prefix}/:userId/messages`,
      { schema: { params: ZStandInUserParams, body: ZStandInMessageRequest } },
      async (request, reply) => {
        const { text, replyToMessageId } = request.body;
        await chat.write(await personOf(request.params.userId), text, replyToMessageId);
        return reply.status(204).send();
      },
    );
  }

  chatRoutes('/api/dev/chat', standIn, personOf);
  if (standInMax) {
    /** A demo person as MAX names them in an update, by their MAX id. */
    const maxPersonOf = (userId: number) => {
      const demo = DEMO_USERS.find((user) => user.id === userId);
      if (!demo) throw new DomainError<DevLoginRefusal>('demo_user_not_found');
      return { user_id: demo.id, first_name: demo.firstName, username: demo.username };
    };
    chatRoutes('/api/dev/max/chat', standInMax, maxPersonOf);
  }

  app.addHook('preClose', async () => {
    standIn.close();
    standInMax?.release();
  });
};
