import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type TOfferChangeRequest, ZAdminOffer } from '#contract/offers';
import { api } from '@/lib/api';
import { partnerKeys } from '@/lib/query-keys';

export const changeOffer = ({ offerId, body }: { offerId: number; body: TOfferChangeRequest }) =>
  api.put(`/api/admin/coupons/${offerId}`, { body, schema: ZAdminOffer });

/** Changes an offer's payment link and validity. */
export function useChangeOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeOffer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.admin }),
  });
}
