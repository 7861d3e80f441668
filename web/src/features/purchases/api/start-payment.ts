import { useMutation } from '@tanstack/react-query';
import { ZStartPaymentResponse } from '#contract/purchases';
import { api } from '@/lib/api';

type StartPaymentInput = {
  couponId: number;
  /** The e-mail for the receipt, when the buyer gave one now; the server remembers it. */
  email?: string | undefined;
};

/** Starts one payment attempt for a coupon on sale: the provider's page to open and its id. */
export const startPayment = ({ couponId, email }: StartPaymentInput) =>
  api.post(`/api/payments/${couponId}`, {
    schema: ZStartPaymentResponse,
    ...(email !== undefined && { body: { email } }),
  });

export const useStartPayment = () => useMutation({ mutationFn: startPayment });
