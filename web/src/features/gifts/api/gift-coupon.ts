import { useMutation } from '@tanstack/react-query';
import { ZGiftResponse } from '#contract/gifts';
import { api } from '@/lib/api';

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

export const useGiftCoupon = () => useMutation({ mutationFn: giftCoupon });
