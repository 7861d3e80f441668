import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type TCouponApplyRequest, ZOkResponse } from '#contract/coupons';
import { api } from '@/lib/api';
import { couponRequestKeys } from '@/lib/query-keys';

export const applyForCoupon = (body: TCouponApplyRequest) =>
  api.post('/api/coupon/apply', { body, schema: ZOkResponse });

export function useApplyForCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyForCoupon,
    // An admin's new request belongs in the list they open next.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponRequestKeys.all }),
  });
}
