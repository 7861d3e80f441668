import { notifyManager, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { api } from '@/lib/api';
import { myCouponsKeys } from '@/lib/query-keys';
import { currentUserId, savedCouponsQueryOptions } from './get-saved-coupons';

/**
 * Some coupon's QR image is still on its way. A yes or no, not `useIsFetching`'s count: the screen
 * that asks redraws when the answer turns, not as each image starts and comes.
 */
export function useQrImagesComing(): boolean {
  const client = useQueryClient();
  // As useIsFetching subscribes: the cache's news batched, never a render's own update.
  const subscribe = useCallback(
    (change: () => void) => client.getQueryCache().subscribe(notifyManager.batchCalls(change)),
    [client],
  );
  const coming = () => client.isFetching({ queryKey: myCouponsKeys.qrImages }) > 0;
  return useSyncExternalStore(subscribe, coming, coming);
}

/**
 * A coupon's QR image (My QR's `qrImageUrl`). One address, one image for good (a gift's new QR is
 * a new address): taken from the list saved on the device if it is there, else fetched once, and
 * never again while the app runs.
 */
export const qrImageQueryOptions = (userId: number | undefined, url: string) =>
  queryOptions({
    queryKey: myCouponsKeys.qrImage(url),
    queryFn: async ({ client }) => {
      const saved =
        userId === undefined ? null : await client.ensureQueryData(savedCouponsQueryOptions(userId));
      return saved?.images[url] ?? api.getImage(url);
    },
    staleTime: Number.POSITIVE_INFINITY,
    // A saved image shows with no network; without one the fetch fails and the square stays empty.
    networkMode: 'always',
  });

export function useQrImage(url: string) {
  const client = useQueryClient();
  const userId = currentUserId();
  return useQuery({
    ...qrImageQueryOptions(userId, url),
    // A saved image already read from the device shows in the same frame as its slide.
    initialData: () => client.getQueryData(savedCouponsQueryOptions(userId).queryKey)?.images[url],
  });
}
