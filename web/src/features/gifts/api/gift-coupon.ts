import { useMutation } from '@tanstack/react-query';
import { ZOkResponse } from '#contract/coupons';
import { api } from '@/lib/api';

export type GiftCouponInput = {
  purchasedCouponId: string;
  ownUsername: string;
  friendUsername: string;
};

/** Hands an unused coupon to a friend in the chat; the server gives it a new QR. */
export const giftCoupon = ({ purchasedCouponId, ownUsername, friendUsername }: GiftCouponInput) =>
  api.post(
    `/api/coupons/buy/friend/${[purchasedCouponId, ownUsername, friendUsername].map(encodeURIComponent).join('/')}`,
    { schema: ZOkResponse },
  );

export const useGiftCoupon = () => useMutation({ mutationFn: giftCoupon });
