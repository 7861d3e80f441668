import { ZUsernameSeenResponse } from '#contract/session';
import { api } from '@/lib/api';

/**
 * Whether anyone opened the app with `username`: asked before a gift or a staff name that would
 * otherwise wait for its first visit. A name Telegram could not hold is refused (400).
 */
export const isUsernameSeen = async (username: string) =>
  (await api.get(`/api/users/seen/${encodeURIComponent(username)}`, ZUsernameSeenResponse)).seen;
