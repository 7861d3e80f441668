import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { giftKeys, myCouponsKeys } from '@/lib/query-keys';
import { okCheck } from './held-gifts-check';

/** Takes back a gift still waiting for its addressee: the coupon returns with a new QR. */
export const cancelHeldGift = (giftId: number) =>
  api.post(`/api/gifts/${giftId}/cancel`, { schema: okCheck });

export function useCancelHeldGift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelHeldGift,
    // Canceled or, for a 409, settled meanwhile: either way the list has changed, and a canceled
    // gift's coupon is back in My QR with its new QR now, not at the next poll.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: giftKeys.held }),
        queryClient.invalidateQueries({ queryKey: myCouponsKeys.all }),
      ]),
  });
}
