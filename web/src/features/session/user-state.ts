import { ROLES } from '#contract/roles';
import type { TMeResponse } from '#contract/session';
import { readStoredJson, writeStoredJson } from '@/lib/local-storage';

/** SPEC §3 User: the client's picture of who is using the app. */
export type TUserState = Pick<TMeResponse, 'username' | 'role' | 'isChatMember' | 'communityChatLink'>;

const USER_STORAGE_KEY = 'katajsya.user';

type StoredUser = Pick<TMeResponse, 'id'> & TUserState;

/**
 * The Telegram id is kept beside the state so that another account on the same device never starts
 * with someone else's role. Checked by hand, not with the contract's zod schema: this runs on the
 * first screen, whose script carries no zod.
 */
function readUser(value: unknown): StoredUser | undefined {
  const stored = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const { id, username, role, isChatMember, communityChatLink } = stored;
  const valid =
    typeof id === 'number' &&
    (username === null || typeof username === 'string') &&
    ROLES.includes(role as StoredUser['role']) &&
    typeof isChatMember === 'boolean' &&
    typeof communityChatLink === 'string';
  return valid ? (stored as StoredUser) : undefined;
}

export function toUserState({ username, role, isChatMember, communityChatLink }: TMeResponse): TUserState {
  return { username, role, isChatMember, communityChatLink };
}

export function storeUser(me: TMeResponse): void {
  writeStoredJson(USER_STORAGE_KEY, { id: me.id, ...toUserState(me) });
}

/** The state saved at the last start, if it belongs to the current Telegram user. */
export function readStoredUser(telegramUserId: number | undefined): TUserState | undefined {
  const stored = readStoredJson(USER_STORAGE_KEY, readUser);
  if (!stored || (telegramUserId !== undefined && stored.id !== telegramUserId)) return undefined;
  return toUserState({ ...stored, firstName: '' });
}

export const isAdmin = (user: TUserState | undefined) => user?.role === 'admin';

export const isPartnerOrAdmin = (user: TUserState | undefined) =>
  user?.role === 'partner' || user?.role === 'admin';
