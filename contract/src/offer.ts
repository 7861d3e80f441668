import { z } from 'zod';

/** GET /api/offer: who sells, as the public offer names them (the text itself lives in the web app). */
export const ZOfferOperator = z.object({
  name: z.string(),
  inn: z.string(),
  ogrn: z.string(),
  address: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
});
export type TOfferOperator = z.infer<typeof ZOfferOperator>;

export const ZOfferResponse = z.object({
  operator: ZOfferOperator,
  /** The address the mini-app is published at, when configured. */
  siteUrl: z.string().nullable(),
});
export type TOfferResponse = z.infer<typeof ZOfferResponse>;
