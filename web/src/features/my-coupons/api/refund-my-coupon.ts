import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { myCouponsKeys } from '@/lib/query-keys';
import { refundAnswerCheck } from './refund-answer-check';

/** The holder's own «Вернуть деньги»: REFUNDED at once, or REFUND_PENDING while it is being returned. */
export const refundMyCoupon = (purchasedCouponId: string) =>
  api.post(`/api/me/coupons/${encodeURIComponent(purchasedCouponId)}/refund`, { schema: refundAnswerCheck });

export function useRefundMyCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundMyCoupon,
    // Returned, pending, or refused because it changed meanwhile: the list is asked now, not in 5 s.
    onSettled: () => queryClient.invalidateQueries({ queryKey: myCouponsKeys.all }),
  });
}
