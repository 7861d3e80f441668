import { useMutation, useQueryClient } from '@tanstack/react-query';
import { COUPON_EXPIRED } from '#contract/redeem-texts';
import { type TScannedCoupon, ZRedeemResponse } from '#contract/redemption';
import { api } from '@/lib/api';
import { isRefusal } from '@/lib/api-client';
import { scannedCouponKeys } from '@/lib/query-keys';

/**
 * SPEC §4 Redeem: 'apply' when the server answered "", 'not_apply' when it refused, 'expired' when
 * it refused a coupon past its last day («Срок действия истек»).
 */
export type RedeemOutcome = 'apply' | 'not_apply' | 'expired';

export type RedeemCouponInput = { qrToken: string; partnerUsername: string };

export async function redeemCoupon({ qrToken, partnerUsername }: RedeemCouponInput): Promise<RedeemOutcome> {
  try {
    const answer = await api.post(
      `/api/coupon/apply/${encodeURIComponent(qrToken)}/${encodeURIComponent(partnerUsername)}`,
      { schema: ZRedeemResponse },
    );
    return answer === '' ? 'apply' : answer === COUPON_EXPIRED ? 'expired' : 'not_apply';
  } catch (error) {
    // A refusal (used, unknown, another partner's) says «Купон не действителен» with a 4xx status.
    // A lost connection or a server failure says nothing about the coupon, so it stays an error.
    if (isRefusal(error)) return error.text === COUPON_EXPIRED ? 'expired' : 'not_apply';
    throw error;
  }
}

/** Redeems a scanned coupon and brings its live state up to date. */
export function useRedeemCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeemCoupon,
    onSuccess: (outcome, { qrToken, partnerUsername }) => {
      const queryKey = scannedCouponKeys.of(qrToken);
      // SPEC §4: a redeemed coupon is USED at once, by the caller now; a refused one is asked
      // about again. Today's count is asked again either way.
      if (outcome === 'apply')
        queryClient.setQueryData<TScannedCoupon>(
          queryKey,
          (current) =>
            current && {
              ...current,
              status: 'USED',
              canUndo: true,
              redeemedAt: new Date().toISOString(),
              redeemedBy: `@${partnerUsername}`,
            },
        );
      else void queryClient.invalidateQueries({ queryKey });
      void queryClient.invalidateQueries({ queryKey: scannedCouponKeys.today });
    },
  });
}
