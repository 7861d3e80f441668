import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZScannedCoupon } from '#contract/redemption';
import { api } from '@/lib/api';

export const getScannedCoupon = (qrToken: string) =>
  api.get(`/api/coupon/scan/${encodeURIComponent(qrToken)}`, ZScannedCoupon);

/** Every scanned coupon's answer: what «Погашено сегодня» reads the latest of. */
export const scannedCouponsKey = ['scanned-coupon'] as const;

/** The coupon's state on the server now, not the one printed into its QR at purchase. */
export const getScannedCouponQueryOptions = (qrToken: string | undefined) =>
  queryOptions({
    queryKey: [...scannedCouponsKey, qrToken],
    queryFn: () => getScannedCoupon(qrToken ?? ''),
    enabled: !!qrToken,
  });

export const useScannedCoupon = (qrToken: string | undefined) =>
  useQuery(getScannedCouponQueryOptions(qrToken));
