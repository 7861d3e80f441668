import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/**
 * A coupon's QR image (My QR's `qrImageUrl`). One address, one image for good (a gift's new QR is
 * a new address): fetched once, never again while the app runs.
 */
export const useQrImage = (url: string) =>
  useQuery({
    queryKey: ['qr-image', url],
    queryFn: () => api.getImage(url),
    staleTime: Number.POSITIVE_INFINITY,
  });
