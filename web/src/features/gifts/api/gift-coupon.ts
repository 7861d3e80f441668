import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZGiftResponse } from '#contract/gifts';
import { api } from '@/lib/api';
import { giftKeys, myCouponsKeys } from '@/lib/query-keys';

export type GiftCouponInput = {
  purchasedCouponId: string;
  ownUsername: string;
  friendUsername: string;
};

/** Hands an unused coupon to a friend in the chat (or holds it for a username not seen yet); the server gives it a new QR. */
export const giftCoupon = ({ purchasedCouponId, ownUsername, friendUsername }: GiftCouponInput) =>
  api.post(
    `/api/coupons/buy/friend/${[purchasedCouponId, ownUsername, friendUsername].map(encodeURIComponent).join('/')}`,
    { schema: ZGiftResponse },
  );

export function useGiftCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: giftCoupon,
    // The coupon left the giver's usable ones (given, or held among the waiting gifts). Not
    // awaited: the giver hears the outcome now, the lists follow.
    onSuccess: (_answer, { ownUsername }) => {
      void queryClient.invalidateQueries({ queryKey: myCouponsKeys.of(ownUsername) });
      void queryClient.invalidateQueries({ queryKey: myCouponsKeys.giftable(ownUsername) });
      void queryClient.invalidateQueries({ queryKey: giftKeys.held });
    },
  });
}
