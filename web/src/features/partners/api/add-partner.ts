import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type TAddPartnerRequest, ZPartner } from '#contract/partners';
import { api } from '@/lib/api';
import { partnerKeys } from '@/lib/query-keys';

export const addPartner = (body: TAddPartnerRequest) =>
  api.post('/api/partner/add', { body, schema: ZPartner });

export function useAddPartner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPartner,
    // The new company may be chosen for a coupon request at once.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.options }),
  });
}
