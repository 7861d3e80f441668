import { inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZDevInitDataRequest, ZDevInitDataResponse, ZDevUsersResponse } from '#contract/session';
import type { Db } from '../../db/client.ts';
import { users as usersTable } from '../../db/schema.ts';
import { DEMO_USERS } from '../../db/seed/demo-users.ts';
import { DomainError } from '../../domain/domain-error.ts';
import { signInitData } from '../../telegram/init-data.ts';
import type { UserService } from '../users/users.service.ts';
import type { DevLoginRefusal } from './texts.ts';

/**
 * The local stand-in (ARCHITECTURE §4): signs init data for a demo user with the local bot token,
 * so the same validation runs as in production. Registered only when no bot is configured outside
 * production; in production these routes do not exist.
 */
export const devLoginRoutes: FastifyPluginAsyncZod<{ db: Db; users: UserService; botToken: string }> = async (
  app,
  { db, users, botToken },
) => {
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
      const initData = signInitData(
        { id: demo.id, username: demo.username, firstName: demo.firstName, lastName: null },
        botToken,
      );
      return { initData };
    },
  );
};
