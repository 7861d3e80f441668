import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
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
  const queryClient = useQueryClient();
  const { data: companies } = useQuery({ queryKey: scannedCouponKeys.today, queryFn: getRedeemedToday });
  const { pending } = useOfflineState();
  const today = dayIn(timeZone, new Date());
  const offline = pending.filter((item) => dayIn(timeZone, new Date(item.redeemedAt)) === today).length;
  // What this phone kept with no signal counts on the server once sent: asked again then.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: scannedCouponKeys.today });
  }, [queryClient, pending.length]);
  return { companies, offline };
}
