import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type TAcceptCouponRequest, ZOkResponse } from '#contract/coupons';
import { api } from '@/lib/api';
import { couponRequestKeys } from '@/lib/query-keys';

export const acceptCouponRequest = (body: TAcceptCouponRequest) =>
  api.post('/api/coupon/apply/accept', { body, schema: ZOkResponse });

export const rejectCouponRequest = (couponId: number) =>
  api.post(`/api/coupon/apply/reject/${couponId}`, { schema: ZOkResponse });

/** SPEC §4: after an accept or a decline, failed or not, the list reloads. */
function useDecision<TInput>(mutationFn: (input: TInput) => Promise<'ok'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: couponRequestKeys.all }),
  });
}

export const useAcceptCouponRequest = () => useDecision(acceptCouponRequest);
export const useRejectCouponRequest = () => useDecision(rejectCouponRequest);
