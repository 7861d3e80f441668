import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZRefundResponse } from '#contract/back-office-purchases';
import { api } from '@/lib/api';
import { adminPurchaseKeys } from '@/lib/query-keys';

export const refundPurchase = (purchaseId: string) =>
  api.post(`/api/admin/purchases/${encodeURIComponent(purchaseId)}/refund`, { schema: ZRefundResponse });

/** Returns the money for an unused coupon; the coupon stops being valid. */
export function useRefundPurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundPurchase,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminPurchaseKeys.all }),
  });
}
