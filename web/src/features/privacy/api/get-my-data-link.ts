import { ZExportLinkResponse } from '#contract/reports';
import { api } from '@/lib/api';

/** A short-lived signed address of the caller's data as a file, which a download fetches without headers. */
export const getMyDataLink = () => api.post('/api/me/data/link', { schema: ZExportLinkResponse });
