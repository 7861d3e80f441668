import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZWaitlistPlace } from '#contract/waitlist';
import { api } from '@/lib/api';
import { getWaitlistPlaceQueryOptions } from './get-waitlist-place';

export const joinWaitlist = (couponId: number) =>
  api.post(`/api/offers/${couponId}/waitlist`, { schema: ZWaitlistPlace });

/** «Встать в очередь»: the answer is the place, shown at once. */
export function useJoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinWaitlist,
    onSuccess: (place, couponId) =>
      queryClient.setQueryData(getWaitlistPlaceQueryOptions(couponId).queryKey, place),
  });
}
