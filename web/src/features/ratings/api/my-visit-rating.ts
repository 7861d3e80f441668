import { type TRateVisitRequest, ZMyVisitRating, ZVisitRating } from '#contract/ratings';
import { api } from '@/lib/api';

export const getMyVisitRating = (purchasedCouponId: string) =>
  api.get(`/api/me/ratings/${purchasedCouponId}`, ZMyVisitRating);

export const rateVisit = (purchasedCouponId: string, body: TRateVisitRequest) =>
  api.put(`/api/me/ratings/${purchasedCouponId}`, { body, schema: ZVisitRating });
