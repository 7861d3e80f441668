import { queryOptions, useQuery } from '@tanstack/react-query';
import { myCouponsKeys } from '@/lib/query-keys';
import { launchUser } from '@/messenger/launch-params';
import { readSavedCoupons } from '../saved-coupons';

/** The Telegram account the saved list belongs to: the launch's, as the server checks it. */
export const currentUserId = () => launchUser()?.id;

export const savedCouponsQueryOptions = (userId: number | undefined) =>
  queryOptions({
    queryKey: myCouponsKeys.saved(userId),
    // A query's answer may not be undefined: nothing saved is null.
    queryFn: async () => (userId === undefined ? null : ((await readSavedCoupons(userId)) ?? null)),
    enabled: userId !== undefined,
    // Read from the device once a run; from then on the app keeps it up to date itself (below).
    staleTime: Number.POSITIVE_INFINITY,
    // The device answers with no network: this must run exactly when there is none.
    networkMode: 'always',
  });

/** The list saved on the device for the current account (null when there is none). */
export const useSavedCoupons = () => useQuery(savedCouponsQueryOptions(currentUserId()));
