import { queryOptions } from '@tanstack/react-query';
import { ZScannedCoupon } from '#contract/redemption';
import { api } from '@/lib/api';

/** The coupon's state on the server now, not the one printed into its QR at purchase. */
export const getScannedCouponQueryOptions = (qrToken: string | undefined) =>
  queryOptions({
    queryKey: ['scanned-coupon', qrToken],
    queryFn: () => api.get(`/api/coupon/scan/${encodeURIComponent(qrToken ?? '')}`, ZScannedCoupon),
    enabled: !!qrToken,
  });
