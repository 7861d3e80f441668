import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { type TConfirmPurchaseResponse, ZConfirmPurchaseResponse } from '#contract/purchases';
import { api } from '@/lib/api';

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

export const useConfirmPurchase = (
  options: Pick<
    UseMutationOptions<TConfirmPurchaseResponse, Error, ConfirmPurchaseInput>,
    'onSuccess' | 'onError'
  > = {},
) => useMutation({ mutationFn: confirmPurchase, ...options });
