import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZScannedCoupon } from '#contract/redemption';
import { api } from '@/lib/api';
import { isNetworkError } from '@/lib/api-client';
import { scannedCouponKeys } from '@/lib/query-keys';

/**
 * How often a card that could not reach the server asks again: a webview may say it is online
 * with no signal, and then no «online» event tells it the signal is back.
 */
const NO_SIGNAL_RETRY_MS = 15_000;

export const getScannedCoupon = (qrToken: string) =>
  api.get(`/api/coupon/scan/${encodeURIComponent(qrToken)}`, ZScannedCoupon);

/** The coupon's state on the server now, not the one printed into its QR at purchase. */
export const getScannedCouponQueryOptions = (qrToken: string | undefined) =>
  queryOptions({
    queryKey: scannedCouponKeys.of(qrToken),
    queryFn: () => getScannedCoupon(qrToken ?? ''),
    enabled: !!qrToken,
    refetchInterval: (query) => (isNetworkError(query.state.error) ? NO_SIGNAL_RETRY_MS : false),
  });

export const useScannedCoupon = (qrToken: string | undefined) =>
  useQuery(getScannedCouponQueryOptions(qrToken));
