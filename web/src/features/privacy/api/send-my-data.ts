import { ZOkResponse } from '#contract/coupons';
import { api } from '@/lib/api';

/** Has the bot send the caller their data as a file in its chat (for Telegram clients that cannot download). */
export const sendMyData = () => api.post('/api/me/data/send', { schema: ZOkResponse });
