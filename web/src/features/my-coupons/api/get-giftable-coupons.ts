import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { myCouponsKeys } from '@/lib/query-keys';
import { myCouponsCheck } from './my-coupons-check';

/**
 * The ids of the caller's usable coupons, the ones a gift may name: asked once by the gift screen,
 * so a link to a coupon that is not the person's says so before the form is filled. My QR's own
 * list query (with its saving on the device) stays off this screen.
 */
export const useGiftableCouponIds = (username: string | null | undefined) =>
  useQuery({
    queryKey: myCouponsKeys.giftable(username),
    queryFn: async () =>
      (await api.get(`/api/coupon/valid/qr/customer/${encodeURIComponent(username ?? '')}`, myCouponsCheck))
        .filter(({ status }) => status === 'NOT_USED')
        .map(({ id }) => id),
    enabled: !!username,
  });
