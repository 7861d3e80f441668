import { ZMyInvite } from '#contract/invites';
import { api } from '@/lib/api';

/** The caller's invitation link, its words and the messenger's share link for them (the first ask makes the code). */
export const getMyInvite = () => api.post('/api/me/invite', { schema: ZMyInvite });
