import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { getWaitlistPlaceQueryOptions } from './get-waitlist-place';

export const leaveWaitlist = (couponId: number) => api.delete(`/api/offers/${couponId}/waitlist`);

/** «Выйти из очереди»: out of the line, whatever place it was. */
export function useLeaveWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveWaitlist,
    onSuccess: (_, couponId) =>
      queryClient.setQueryData(getWaitlistPlaceQueryOptions(couponId).queryKey, {
        position: null,
        heldUntil: null,
      }),
  });
}
