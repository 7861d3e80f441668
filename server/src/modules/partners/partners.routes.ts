import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAddPartnerRequest, ZPartner, ZPartnerOptionsResponse } from '#contract/partners';
import { requireRole } from '../users/caller.ts';
import type { PartnerService } from './partners.service.ts';

export const partnersRoutes: FastifyPluginAsyncZod<{ partners: PartnerService }> = async (
  app,
  { partners },
) => {
  app.post(
    '/api/partner/add',
    {
      preValidation: requireRole('admin'),
      schema: { body: ZAddPartnerRequest, response: { 200: ZPartner } },
    },
    async (request) => partners.addPartner(request.body, request.caller.id),
  );

  app.get(
    '/api/partners',
    {
      preValidation: requireRole('partner', 'admin'),
      schema: { response: { 200: ZPartnerOptionsResponse } },
    },
    async (request) =>
      partners.listPartnerOptions({
        id: request.caller.id,
        isAdmin: (await request.caller.role()) === 'admin',
      }),
  );
};
