import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZInviteStatsResponse, ZMyInvite, ZMyInviter } from '#contract/invites';
import { requireRole } from '../users/caller.ts';
import type { InviteService } from './invites.service.ts';

export const invitesRoutes: FastifyPluginAsyncZod<{ invites: InviteService }> = async (app, { invites }) => {
  // POST: the first ask makes the caller's code.
  app.post('/api/me/invite', { schema: { response: { 200: ZMyInvite } } }, async (request) =>
    invites.myInvite(request.caller.id),
  );

  // Asked by the app opened through an invitation link, to greet the newcomer with who invited them.
  app.get('/api/me/inviter', { schema: { response: { 200: ZMyInviter } } }, async (request) => ({
    inviter: await invites.inviterOnArrival(request.caller.id, request.caller.startParam),
  }));

  app.get(
    '/api/admin/invites',
    { preValidation: requireRole('admin'), schema: { response: { 200: ZInviteStatsResponse } } },
    async () => invites.stats(),
  );
};
