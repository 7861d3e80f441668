import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZWaitlistPlace } from '#contract/waitlist';
import { api } from '@/lib/api';
import { getWaitlistPlaceQueryOptions } from './get-waitlist-place';

export const joinWaitlist = (offerId: number) =>
  api.post(`/api/offers/${offerId}/waitlist`, { schema: ZWaitlistPlace });

/** «Встать в очередь»: the answer is the place, shown at once. */
export function useJoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinWaitlist,
    onSuccess: (place, offerId) =>
      queryClient.setQueryData(getWaitlistPlaceQueryOptions(offerId).queryKey, place),
  });
}
