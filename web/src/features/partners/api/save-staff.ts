import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZOkResponse } from '#contract/coupons';
import { api } from '@/lib/api';
import { partnerKeys } from '@/lib/query-keys';

export const saveStaff = ({ partnerId, usernames }: { partnerId: number; usernames: string[] }) =>
  api.put(`/api/partners/${partnerId}/staff`, { body: { usernames }, schema: ZOkResponse });

/** Replaces a partner's whole staff list. */
export function useSaveStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveStaff,
    onSuccess: (_answer, { partnerId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: partnerKeys.staff(partnerId) }),
        queryClient.invalidateQueries({ queryKey: partnerKeys.admin }),
      ]),
  });
}
