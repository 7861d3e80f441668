import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type TAddPartnerRequest, ZPartner } from '#contract/partners';
import { api } from '@/lib/api';
import { partnerKeys } from '@/lib/query-keys';

export const editPartner = ({ partnerId, body }: { partnerId: number; body: TAddPartnerRequest }) =>
  api.put(`/api/admin/partners/${partnerId}`, { body, schema: ZPartner });

/** Saves a partner's fields, checked as when adding one. */
export function useEditPartner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editPartner,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: partnerKeys.admin }),
        queryClient.invalidateQueries({ queryKey: partnerKeys.options }),
      ]),
  });
}
