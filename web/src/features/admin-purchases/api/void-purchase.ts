import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZVoidResponse } from '#contract/back-office-purchases';
import { api } from '@/lib/api';
import { adminPurchaseKeys } from '@/lib/query-keys';

export const voidPurchase = (purchaseId: string) =>
  api.post(`/api/admin/purchases/${encodeURIComponent(purchaseId)}/void`, { schema: ZVoidResponse });

/** Cancels a coupon paid by link whose money never came. */
export function useVoidPurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: voidPurchase,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminPurchaseKeys.all }),
  });
}
