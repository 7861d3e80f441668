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
import type { CatalogueService } from './catalogue.service.ts';

const ZRegion = z.string().trim().min(1).max(100);

export const catalogueRoutes: FastifyPluginAsyncZod<{ catalogue: CatalogueService }> = async (
  app,
  { catalogue },
) => {
  app.get('/api/partners/region', { schema: { response: { 200: ZRegionsResponse } } }, async () =>
    catalogue.listRegions(),
  );

  app.get(
    '/api/partners/types/:region',
    { schema: { params: z.object({ region: ZRegion }), response: { 200: ZPartnerTypesResponse } } },
    async (request) => catalogue.listTypes(request.params.region),
  );

  app.get(
    '/api/partners/filter/:region/:type',
    {
      schema: {
        params: z.object({ region: ZRegion, type: ZPartnerType }),
        response: { 200: ZListedPartnersResponse },
      },
    },
    async (request) => catalogue.listPartners(request.params.region, request.params.type),
  );

  app.get(
    '/api/partners/filter/:region',
    { schema: { params: z.object({ region: ZRegion }), response: { 200: ZListedPartnersResponse } } },
    async (request) => catalogue.listPartners(request.params.region),
  );

  app.get(
    '/api/coupons/partner/:partnerId',
    {
      schema: {
        params: z.object({ partnerId: ZDbId }),
        response: { 200: ZOffersResponse },
      },
    },
    async (request) => catalogue.listOffers(request.params.partnerId),
  );
};
