import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { giftKeys } from '@/lib/query-keys';
import { heldGiftsCheck } from './held-gifts-check';

export const getHeldGiftsQueryOptions = () =>
  queryOptions({
    queryKey: giftKeys.held,
    queryFn: () => api.get('/api/gifts/held', heldGiftsCheck),
  });

/**
 * The caller's gifts still waiting for their addressee to open the app (ADR 0012); asked for only
 * once `enabled` (My QR: once its QR are drawn).
 */
export const useHeldGifts = (enabled = true) => useQuery({ ...getHeldGiftsQueryOptions(), enabled });
