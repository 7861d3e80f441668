import { type Core, manifest } from '../manifest.ts';
import { backupRoutes } from './backup.routes.ts';
import { backupRefusals } from './texts.ts';

/** A copy of the embedded database (PGlite only: PostgreSQL has its own tools). */
export const backupManifest = manifest({
  name: 'backup',
  refusals: backupRefusals,
  make: ({ config, database }: Pick<Core, 'config' | 'database'>) => {
    const { dump } = database;
    return {
      openRoutes: dump ? (app) => app.register(backupRoutes, { dump, dataDir: config.dataDir }) : undefined,
    };
  },
});
