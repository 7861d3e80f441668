import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZOkResponse } from '#contract/coupons';
import type { TScannedCoupon } from '#contract/redemption';
import { api } from '@/lib/api';
import { scannedCouponKeys } from '@/lib/query-keys';

/** Takes a redemption back (the redeeming partner within ten minutes, an admin any time). */
export const undoRedemption = (qrToken: string) =>
  api.post(`/api/coupon/undo/${encodeURIComponent(qrToken)}`, { schema: ZOkResponse });

/**
 * Takes a redemption back; the coupon is valid again at once. Today's count is asked again: the
 * redemption an admin takes back may be someone else's.
 */
export function useUndoRedemption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoRedemption,
    onSuccess: (_answer, qrToken) => {
      const queryKey = scannedCouponKeys.of(qrToken);
      queryClient.setQueryData<TScannedCoupon>(
        queryKey,
        (current) =>
          current && { ...current, status: 'NOT_USED', canUndo: false, redeemedAt: null, redeemedBy: null },
      );
      void queryClient.invalidateQueries({ queryKey });
      void queryClient.invalidateQueries({ queryKey: scannedCouponKeys.today });
    },
  });
}
