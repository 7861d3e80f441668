import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { getWaitlistPlaceQueryOptions } from './get-waitlist-place';

export const leaveWaitlist = (offerId: number) => api.delete(`/api/offers/${offerId}/waitlist`);

/** «Выйти из очереди»: out of the line, whatever place it was. */
export function useLeaveWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveWaitlist,
    onSuccess: (_, offerId) =>
      queryClient.setQueryData(getWaitlistPlaceQueryOptions(offerId).queryKey, {
        position: null,
        heldUntil: null,
      }),
  });
}
