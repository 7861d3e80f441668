import { ZMyInvite } from '#contract/invites';
import { api } from '@/lib/api';

/** The caller's invitation link and Telegram's share link for it (the first ask makes the code). */
export const getMyInvite = () => api.post('/api/me/invite', { schema: ZMyInvite });
