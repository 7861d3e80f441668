import type { TGeoPoint } from '#contract/geo';
import { api } from '@/lib/api';

export const sendGeoPoint = (point: TGeoPoint) => api.post('/api/geo/track', { body: point });
