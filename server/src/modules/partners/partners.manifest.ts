import { type Core, manifest } from '../manifest.ts';
import type { RatingService } from '../ratings/ratings.service.ts';
import type { UserService } from '../users/users.service.ts';
import { createPartnerAccess } from './partner-access.ts';
import { partnersRoutes } from './partners.routes.ts';
import { createPartnerService } from './partners.service.ts';
import { partnerRefusals } from './texts.ts';

/** Partners, their staff, and which companies a caller acts for. */
export const partnersManifest = manifest({
  name: 'partners',
  refusals: partnerRefusals,
  make: ({
    config,
    db,
    users,
    ratings,
  }: Pick<Core, 'config' | 'db'> & { users: UserService; ratings: RatingService }) => {
    const access = createPartnerAccess(db);
    const partners = createPartnerService(db, {
      innRequired: config.receipts?.agentType !== undefined,
      paymentLinkNeeded: config.paymentProvider === 'link',
      forgetRoles: users.forgetRoles,
      ratingsOf: ratings.ratingsOf,
    });
    return { gives: { access }, routes: (api) => api.register(partnersRoutes, { partners, access }) };
  },
});
