import { z } from 'zod';
import { ZAdminOffer } from './offers.ts';
import { ZPartner } from './partners.ts';
import { ZPartnerRating } from './ratings.ts';
import { ZTelegramUsername } from './username-schemas.ts';
import { isSameUsername } from './usernames.ts';

export const ZPartnerStatus = z.enum(['active', 'paused']);
export type TPartnerStatus = z.infer<typeof ZPartnerStatus>;

/** GET /api/admin/partners: a partner with its status, staff and every offer. */
export const ZAdminPartner = ZPartner.extend({
  status: ZPartnerStatus,
  staff: z.array(z.string()),
  offers: z.array(ZAdminOffer),
  /** Its visits' rating; null until MIN_RATINGS_SHOWN visits are rated. */
  rating: ZPartnerRating.nullable(),
});
export type TAdminPartner = z.infer<typeof ZAdminPartner>;
export const ZAdminPartnersResponse = z.array(ZAdminPartner);

export const MAX_STAFF = 30;

/** PUT /api/partners/{partnerId}/staff: the whole list; GET answers the same shape. */
export const ZStaffList = z.object({
  usernames: z
    .array(ZTelegramUsername)
    .max(MAX_STAFF, `Не больше ${MAX_STAFF} сотрудников`)
    // One person once, as first written: usernames are case-insensitive.
    .transform((names) =>
      names.filter((name, at) => names.findIndex((other) => isSameUsername(other, name)) === at),
    ),
});
export type TStaffList = z.input<typeof ZStaffList>;
/** GET /api/partners/{partnerId}/staff. */
export const ZStaffResponse = z.object({ usernames: z.array(z.string()) });

/** The `error` codes of the back office's partner screens (an unknown partner: CouponRequestErrorCode's). */
export const BackOfficePartnerErrorCode = { notYourPartner: 'not_your_partner' } as const;
