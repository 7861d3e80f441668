import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BackOfficePartnerErrorCode,
  ZAdminPartnersResponse,
  ZStaffList,
  ZStaffResponse,
} from '#contract/back-office-partners';
import { ZOkResponse } from '#contract/coupons';
import { ZDbId } from '#contract/ids';
import { ZAddPartnerRequest, ZPartner, ZPartnerOptionsResponse } from '#contract/partners';
import { DomainError } from '../../domain/domain-error.ts';
import { sendJsonText } from '../../http/json-text.ts';
import { requireRole } from '../users/caller.ts';
import type { PartnerAccess } from './partner-access.ts';
import type { PartnerService } from './partners.service.ts';
import type { PartnerRefusal } from './texts.ts';

const ZPartnerParams = z.object({ partnerId: ZDbId });

export const partnersRoutes: FastifyPluginAsyncZod<{
  partners: PartnerService;
  access: PartnerAccess;
}> = async (app, { partners, access }) => {
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

  app.get(
    '/api/admin/partners',
    { preValidation: requireRole('admin'), schema: { response: { 200: ZAdminPartnersResponse } } },
    async () => partners.listForAdmin(),
  );

  app.put(
    '/api/admin/partners/:partnerId',
    {
      preValidation: requireRole('admin'),
      schema: { params: ZPartnerParams, body: ZAddPartnerRequest, response: { 200: ZPartner } },
    },
    async (request) => partners.editPartner(request.params.partnerId, request.body, request.caller.id),
  );

  for (const [action, paused] of [
    ['pause', true],
    ['resume', false],
  ] as const) {
    app.post(
      `/api/admin/partners/:partnerId/${action}`,
      {
        preValidation: requireRole('admin'),
        schema: { params: ZPartnerParams, response: { 200: ZOkResponse } },
      },
      async (request, reply) => {
        await partners.setPaused(request.params.partnerId, paused, request.caller.id);
        return sendJsonText(reply, 'ok');
      },
    );
  }

  /** The staff list is the admin's and the partner's spokesman's to read and change. */
  const requireStaffManager = async (request: FastifyRequest<{ Params: { partnerId: number } }>) => {
    if ((await request.caller.role()) === 'admin') return;
    if (!(await access.isSpokesmanOf(request.caller.id, request.params.partnerId))) {
      throw new DomainError<PartnerRefusal>(BackOfficePartnerErrorCode.notYourPartner);
    }
  };

  app.get(
    '/api/partners/:partnerId/staff',
    {
      preValidation: requireRole('partner', 'admin'),
      schema: { params: ZPartnerParams, response: { 200: ZStaffResponse } },
    },
    async (request) => {
      await requireStaffManager(request);
      return { usernames: await access.staffOf(request.params.partnerId) };
    },
  );

  app.put(
    '/api/partners/:partnerId/staff',
    {
      preValidation: requireRole('partner', 'admin'),
      schema: { params: ZPartnerParams, body: ZStaffList, response: { 200: ZOkResponse } },
    },
    async (request, reply) => {
      await requireStaffManager(request);
      await partners.setStaff(request.params.partnerId, request.body.usernames, request.caller.id);
      return sendJsonText(reply, 'ok');
    },
  );
};
