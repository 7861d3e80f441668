import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOffersResponse } from '#contract/coupons';
import { ZDbId } from '#contract/ids';
import {
  ZListedPartnersResponse,
  ZPartnerType,
  ZPartnerTypesResponse,
  ZRegionsResponse,
} from '#contract/partners';
import type { CatalogueService, CatalogueView } from './catalogue.service.ts';

const ZRegion = z.string().trim().min(1).max(100);

/** A browser keeps the answer and asks with its tag; the same tag answers 304 with nothing read. */
async function answer<T>(request: FastifyRequest, reply: FastifyReply, view: CatalogueView<T>) {
  reply.header('etag', view.tag).header('cache-control', 'private, no-cache');
  if (request.headers['if-none-match'] === view.tag) return reply.status(304).send(undefined);
  return view.list();
}

/** Read by every buyer who opens the buy screen: the log keeps only what went wrong. */
const config = { logOnlyFailures: true };

export const catalogueRoutes: FastifyPluginAsyncZod<{ catalogue: CatalogueService }> = async (
  app,
  { catalogue },
) => {
  app.get(
    '/api/partners/region',
    { config, schema: { response: { 200: ZRegionsResponse, 304: z.undefined() } } },
    async (request, reply) => answer(request, reply, await catalogue.regions()),
  );

  app.get(
    '/api/partners/types/:region',
    {
      config,
      schema: {
        params: z.object({ region: ZRegion }),
        response: { 200: ZPartnerTypesResponse, 304: z.undefined() },
      },
    },
    async (request, reply) => answer(request, reply, await catalogue.types(request.params.region)),
  );

  app.get(
    '/api/partners/filter/:region/:type',
    {
      config,
      schema: {
        params: z.object({ region: ZRegion, type: ZPartnerType }),
        response: { 200: ZListedPartnersResponse, 304: z.undefined() },
      },
    },
    async (request, reply) =>
      answer(request, reply, await catalogue.partners(request.params.region, request.params.type)),
  );

  app.get(
    '/api/partners/filter/:region',
    {
      config,
      schema: {
        params: z.object({ region: ZRegion }),
        response: { 200: ZListedPartnersResponse, 304: z.undefined() },
      },
    },
    async (request, reply) => answer(request, reply, await catalogue.partners(request.params.region)),
  );

  app.get(
    '/api/coupons/partner/:partnerId',
    {
      config,
      schema: {
        params: z.object({ partnerId: ZDbId }),
        response: { 200: ZOffersResponse, 304: z.undefined() },
      },
    },
    async (request, reply) => answer(request, reply, await catalogue.offers(request.params.partnerId)),
  );
};
