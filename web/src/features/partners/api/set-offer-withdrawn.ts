import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZOkResponse } from '#contract/coupons';
import { api } from '@/lib/api';
import { partnerKeys } from '@/lib/query-keys';

export const setOfferWithdrawn = ({ offerId, withdrawn }: { offerId: number; withdrawn: boolean }) =>
  api.post(`/api/admin/coupons/${offerId}/${withdrawn ? 'withdraw' : 'reopen'}`, { schema: ZOkResponse });

/** Takes an offer off sale or puts it back; the admin's partner list holds the offers. */
export function useSetOfferWithdrawn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setOfferWithdrawn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: partnerKeys.admin }),
  });
}
