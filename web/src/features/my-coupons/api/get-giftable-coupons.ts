import { useQuery } from '@tanstack/react-query';
import type { TPurchasedCouponStatus } from '#contract/purchases';
import { api } from '@/lib/api';
import { myCouponsKeys } from '@/lib/query-keys';
import { myCouponsCheck } from './my-coupons-check';

/**
 * The state of each of the caller's coupons as the server sees it (a gift may name only a NOT_USED
 * one): asked once by the gift screen, so a link to a coupon that cannot be given says why before the
 * form is filled. My QR's own list query (with its saving on the device) stays off this screen.
 */
export const useGiftableCoupons = (username: string | null | undefined) =>
  useQuery({
    queryKey: myCouponsKeys.giftable(username),
    queryFn: async (): Promise<ReadonlyMap<string, TPurchasedCouponStatus>> =>
      new Map(
        (
          await api.get(`/api/coupon/valid/qr/customer/${encodeURIComponent(username ?? '')}`, myCouponsCheck)
        ).map(({ id, status }) => [id, status]),
      ),
    enabled: !!username,
  });
