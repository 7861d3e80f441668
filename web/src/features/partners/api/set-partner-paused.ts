import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZOkResponse } from '#contract/coupons';
import { api } from '@/lib/api';
import { partnerKeys } from '@/lib/query-keys';

export const setPartnerPaused = ({ partnerId, paused }: { partnerId: number; paused: boolean }) =>
  api.post(`/api/admin/partners/${partnerId}/${paused ? 'pause' : 'resume'}`, { schema: ZOkResponse });

/** Pauses a partner (its offers leave the catalogue) or resumes it. */
export function useSetPartnerPaused() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPartnerPaused,
    // Failed or not, the list shows the state the server holds.
    onSettled: () => queryClient.invalidateQueries({ queryKey: partnerKeys.admin }),
  });
}
