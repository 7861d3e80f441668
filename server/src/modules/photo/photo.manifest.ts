import { type Core, manifest } from '../manifest.ts';
import { photoRoutes } from './photo.routes.ts';
import { createPhotoService } from './photo.service.ts';
import { photoRefusals } from './texts.ts';

/** The photo-exchange directories' links. */
export const photoManifest = manifest({
  name: 'photo',
  refusals: photoRefusals,
  make: ({ db }: Pick<Core, 'db'>) => {
    const photo = createPhotoService(db);
    return { routes: (api) => api.register(photoRoutes, { photo }) };
  },
});
