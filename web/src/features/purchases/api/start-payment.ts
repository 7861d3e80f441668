import { useMutation } from '@tanstack/react-query';
import { ZStartPaymentResponse } from '#contract/purchases';
import { api } from '@/lib/api';

/** Starts one payment attempt for a coupon on sale: the provider's page to open and its id. */
export const startPayment = (couponId: number) =>
  api.post(`/api/payments/${couponId}`, { schema: ZStartPaymentResponse });

export const useStartPayment = () => useMutation({ mutationFn: startPayment });
