import { type Core, manifest } from '../manifest.ts';
import { invitesRoutes } from './invites.routes.ts';
import { createInviteService } from './invites.service.ts';
import { inviteRefusals } from './texts.ts';

/** A member's invitation link into the app, and who arrived through it. */
export const invitesManifest = manifest({
  name: 'invites',
  refusals: inviteRefusals,
  make: ({ config, db, messengers }: Pick<Core, 'config' | 'db' | 'messengers'>) => {
    const invites = createInviteService({ db, messengers, communityChatLink: config.communityChatLink });
    return { gives: { invites }, routes: (api) => api.register(invitesRoutes, { invites }) };
  },
});
