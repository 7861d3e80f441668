import { type Core, manifest } from '../manifest.ts';
import type { WaitlistPolicy } from '../purchases/offer-holds.ts';
import { offersRoutes } from './offers.routes.ts';
import { createOfferService } from './offers.service.ts';
import { offerRefusals } from './texts.ts';

/** The admin's coupons of a partner: added, edited, withdrawn. */
export const offersManifest = manifest({
  name: 'offers',
  refusals: offerRefusals,
  make: ({
    config,
    db,
    timeZone,
    waitlist,
  }: Pick<Core, 'config' | 'db' | 'timeZone'> & { waitlist: WaitlistPolicy }) => {
    const offers = createOfferService(db, { paymentLinkNeeded: config.paymentProvider === 'link', waitlist });
    return { routes: (api) => api.register(offersRoutes, { offers, timeZone }) };
  },
});
