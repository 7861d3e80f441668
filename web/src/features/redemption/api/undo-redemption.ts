import { ZOkResponse } from '#contract/coupons';
import { api } from '@/lib/api';

/** Takes a redemption back (the redeeming partner within ten minutes, an admin any time). */
export const undoRedemption = (qrToken: string) =>
  api.post(`/api/coupon/undo/${encodeURIComponent(qrToken)}`, { schema: ZOkResponse });
