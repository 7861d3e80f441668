import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { dayIn } from '#contract/date-time';
import { ZRedeemedToday } from '#contract/redemption';
import { api } from '@/lib/api';
import { scannedCouponKeys } from '@/lib/query-keys';
import { useOfflineState } from '../offline/use-offline-state';

const getRedeemedToday = () => api.get('/api/redemption/today', ZRedeemedToday);

/**
 * «Погашено сегодня» for the person scanning, from the moment the screen opens: each of their
 * companies and what was redeemed for it today by anyone there (undefined until the server has
 * said, and with no signal), and what this phone redeemed today with no signal and has not sent.
 */
export function useRedeemedToday(timeZone: string) {
  const { pending } = useOfflineState();
  // What this phone kept with no signal counts on the server once sent: asked again as the queue
  // changes, its length a part of the key.
  const { data: companies } = useQuery({
    queryKey: scannedCouponKeys.todayWithQueue(pending.length),
    queryFn: getRedeemedToday,
    placeholderData: keepPreviousData,
  });
  const today = dayIn(timeZone, new Date());
  const offline = pending.filter((item) => dayIn(timeZone, new Date(item.redeemedAt)) === today).length;
  return { companies, offline };
}
