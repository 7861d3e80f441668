import { z } from 'zod';

/** GET /api/offer: who sells, as the public offer names them (the text itself lives in the web app). */
export const ZPublicOfferOperator = z.object({
  name: z.string(),
  inn: z.string(),
  ogrn: z.string(),
  address: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
});
export type TPublicOfferOperator = z.infer<typeof ZPublicOfferOperator>;

export const ZPublicOfferResponse = z.object({
  operator: ZPublicOfferOperator,
  /** The address the mini-app is published at, when configured. */
  siteUrl: z.string().nullable(),
});
export type TPublicOfferResponse = z.infer<typeof ZPublicOfferResponse>;
