import { type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type TConfirmPurchaseResponse, ZConfirmPurchaseResponse } from '#contract/purchases';
import { api } from '@/lib/api';
import { myCouponsKeys } from '@/lib/query-keys';

export type ConfirmPurchaseInput = {
  couponId: string;
  customerUsername: string;
  /** The payment the buyer started; without it the server checks their latest one for the coupon. */
  paymentId?: string;
};

/** The payment check's «Да»: the server asks the provider and issues the coupon once it is paid. */
export const confirmPurchase = ({ couponId, customerUsername, paymentId }: ConfirmPurchaseInput) =>
  api.post(`/api/coupons/buy/${encodeURIComponent(couponId)}/${encodeURIComponent(customerUsername)}`, {
    body: paymentId ? { paymentId } : {},
    schema: ZConfirmPurchaseResponse,
  });

export function useConfirmPurchase({
  onSuccess,
  onError,
}: Pick<
  UseMutationOptions<TConfirmPurchaseResponse, Error, ConfirmPurchaseInput>,
  'onSuccess' | 'onError'
> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPurchase,
    // The coupon is issued: My QR's list is asked again before the caller moves on, so the screen
    // it opens next shows the new coupon from its first frame.
    onSuccess: async (...answer) => {
      await queryClient.invalidateQueries({ queryKey: myCouponsKeys.of(answer[1].customerUsername) });
      await onSuccess?.(...answer);
    },
    onError,
  });
}
