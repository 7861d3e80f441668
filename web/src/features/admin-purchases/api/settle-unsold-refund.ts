import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZUnsoldRefundSettled } from '#contract/back-office-purchases';
import { api } from '@/lib/api';
import { adminPurchaseKeys } from '@/lib/query-keys';

export const settleUnsoldRefund = (refundId: string) =>
  api.post(`/api/admin/unsold-refunds/${encodeURIComponent(refundId)}/settle`, {
    schema: ZUnsoldRefundSettled,
  });

/** Marks money owed without a coupon as returned outside the app; the buyer is told by the bot. */
export function useSettleUnsoldRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: settleUnsoldRefund,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminPurchaseKeys.unsoldRefunds() }),
  });
}
