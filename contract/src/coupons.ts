import { z } from 'zod';
import { couponTermsProblem, couponTermsTexts } from './coupon-terms.ts';
import { wholeNumber, ZDbId } from './ids.ts';
import { ZOfferLimitsInput, ZOfferLimitsShown } from './offer-limits.ts';
import { ZValidity } from './offers.ts';

/**
 * Whole roubles above zero, as a number or plain digits: «99,90», «10.5» and «-5» are refused with
 * one reason, never read as 9 990, 105 or 5.
 */
const rubles = (notWhole: string) =>
  wholeNumber(z.number({ message: notWhole }).int(notWhole).positive(notWhole));

/** SPEC §3 coupon application payload; `partnerId` names the company when its name is not unique. */
export const ZCouponApplyRequest = z
  .object({
    partnerUsername: z.string().nullish(),
    adminUsername: z.string().nullish(),
    partnerId: ZDbId.optional(),
    companyName: z.string().trim().max(120).optional(),
    price: rubles(couponTermsTexts.priceNotWhole),
    discount: rubles(couponTermsTexts.discountNotWhole),
  })
  .extend(ZOfferLimitsInput.shape)
  .refine((body) => body.partnerId !== undefined || !!body.companyName, {
    message: 'Выберите партнера',
    path: ['companyName'],
  })
  .superRefine((body, context) => {
    const problem = couponTermsProblem(body.price, body.discount);
    if (problem) context.addIssue({ code: 'custom', message: problem.message, path: [problem.field] });
  });
export type TCouponApplyRequest = z.input<typeof ZCouponApplyRequest>;

/** A pending coupon request in the admin's list (SPEC §3 Coupon request, plus the company). */
export const ZCouponRequest = ZOfferLimitsShown.extend({
  id: z.number().int(),
  couponId: z.number().int(),
  partnerId: z.number().int(),
  companyName: z.string(),
  region: z.string(),
  price: z.number().int(),
  discount: z.number().int(),
  /**
   * Buyers pay through the admin's link (PAYMENT_PROVIDER=link): accepting asks for an https link.
   * With any other provider the provider takes the money and no link is asked for.
   */
  paymentLinkNeeded: z.boolean(),
});
export type TCouponRequest = z.infer<typeof ZCouponRequest>;
export const ZCouponRequestsResponse = z.array(ZCouponRequest);

/** The admin's acceptance; limits given here replace the partner's, absent ones stay as requested. */
export const ZAcceptCouponRequest = ZOfferLimitsInput.extend({
  couponId: ZDbId,
  paymentLink: z.string().trim().max(2000, 'Ссылка длиннее 2000 символов').default(''),
});
export type TAcceptCouponRequest = z.input<typeof ZAcceptCouponRequest>;

/**
 * A coupon on sale (SPEC §3 Discount offer), with its limits: `left` is how many of `quantity` are
 * neither sold nor held for a payment under way (null when unlimited); before `saleStartsAt` it shows
 * but is not sold.
 */
export const ZOffer = ZValidity.extend({
  id: z.number().int(),
  discount: z.number().int(),
  price: z.number().int(),
  paymentLink: z.string().nullable(),
  quantity: z.number().int().nullable(),
  left: z.number().int().nullable(),
  perBuyer: z.number().int().nullable(),
  saleStartsAt: z.string().nullable(),
});
export type TOffer = z.infer<typeof ZOffer>;
export const ZOffersResponse = z.array(ZOffer);

export const ZOkResponse = z.literal('ok');

/** The `error` codes of coupon requests. */
export const CouponRequestErrorCode = {
  partnerNotFound: 'partner_not_found',
  partnerAmbiguous: 'partner_ambiguous',
  alreadyDecided: 'already_decided',
} as const;
