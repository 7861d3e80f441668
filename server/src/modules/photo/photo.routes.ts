import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZDirectoryLinkResponse,
  ZPhotoDirectory,
  ZPhotoDirectoryInput,
  ZPhotoMonth,
  ZPhotoOrganizer,
  ZPhotoOrganizersResponse,
  ZPhotoRegion,
  ZPhotoRegionsResponse,
} from '#contract/photo';
import { adminCrudRoutes } from '../../http/admin-crud.routes.ts';
import { requireRole } from '../users/caller.ts';
import type { PhotoService } from './photo.service.ts';

export const photoRoutes: FastifyPluginAsyncZod<{ photo: PhotoService }> = async (app, { photo }) => {
  app.get('/api/directory/regions', { schema: { response: { 200: ZPhotoRegionsResponse } } }, async () =>
    photo.listRegions(),
  );

  app.get(
    '/api/directory/partners/:region/:month',
    {
      schema: {
        params: z.object({ region: ZPhotoRegion, month: ZPhotoMonth }),
        response: { 200: ZPhotoOrganizersResponse },
      },
    },
    async (request) => photo.listOrganizers(request.params.region, request.params.month),
  );

  // The router lets a parameter match an empty segment, so the spec's /uri/{region}//{month}
  // (no organizer) lands here with organizer "".
  app.get(
    '/api/directory/uri/:region/:organizer/:month',
    {
      schema: {
        params: z.object({ region: ZPhotoRegion, organizer: ZPhotoOrganizer, month: ZPhotoMonth }),
        response: { 200: ZDirectoryLinkResponse },
      },
    },
    async (request) => {
      const { region, organizer, month } = request.params;
      return { link: await photo.findLink(region, month, organizer) };
    },
  );

  // A proxy that merges slashes (nginx does by default) turns /uri/{region}//{month} into this.
  app.get(
    '/api/directory/uri/:region/:month',
    {
      schema: {
        params: z.object({ region: ZPhotoRegion, month: ZPhotoMonth }),
        response: { 200: ZDirectoryLinkResponse },
      },
    },
    async (request) => ({ link: await photo.findLink(request.params.region, request.params.month, null) }),
  );

  await app.register(
    adminCrudRoutes({
      path: '/api/admin/photo-directories',
      input: ZPhotoDirectoryInput,
      item: ZPhotoDirectory,
      guard: requireRole('admin'),
      store: {
        list: () => photo.listForAdmin(),
        add: (input) => photo.addDirectory(input),
        update: (id, input) => photo.updateDirectory(id, input),
        remove: (id) => photo.removeDirectory(id),
      },
    }),
  );
};
