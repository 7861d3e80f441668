import { ROLES } from '#contract/roles';
import type { TMeResponse } from '#contract/session';
import { readStoredJson, removeStored, writeStoredJson } from '@/lib/local-storage';

/**
 * SPEC §3 User: the client's picture of who is using the app, with what the buy screen needs to
 * know before a payment (consent to the privacy policy, the e-mail for receipts).
 */
export type TUserState = Pick<
  TMeResponse,
  | 'username'
  | 'role'
  | 'isChatMember'
  | 'communityChatLink'
  | 'email'
  | 'consentGiven'
  | 'receiptEmailRequired'
>;

const USER_STORAGE_KEY = 'katajsya.user';

type StoredUser = Pick<TMeResponse, 'id'> & TUserState;

/**
 * The Telegram id is kept beside the state so that another account on the same device never starts
 * with someone else's role. Checked by hand, not with the contract's zod schema: this runs on the
 * first screen, whose script carries no zod.
 */
function readUser(value: unknown): StoredUser | undefined {
  const stored = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const { id, username, role, isChatMember, communityChatLink, email, consentGiven, receiptEmailRequired } =
    stored;
  const valid =
    typeof id === 'number' &&
    (username === null || typeof username === 'string') &&
    ROLES.includes(role as StoredUser['role']) &&
    typeof isChatMember === 'boolean' &&
    typeof communityChatLink === 'string' &&
    (email === null || typeof email === 'string') &&
    typeof consentGiven === 'boolean' &&
    typeof receiptEmailRequired === 'boolean';
  return valid ? (stored as StoredUser) : undefined;
}

export function toUserState({
  username,
  role,
  isChatMember,
  communityChatLink,
  email,
  consentGiven,
  receiptEmailRequired,
}: TMeResponse): TUserState {
  return { username, role, isChatMember, communityChatLink, email, consentGiven, receiptEmailRequired };
}

export function storeUser(me: TMeResponse): void {
  writeStoredJson(USER_STORAGE_KEY, { id: me.id, ...toUserState(me) });
}

/** Forgets the saved state: the user's data was erased, so the next start knows nothing of them. */
export function forgetStoredUser(): void {
  removeStored(USER_STORAGE_KEY);
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

/** A partner's spokesman or one of its staff: scans, redeems and reads the company's report. */
export const isPartnerOrStaff = (user: TUserState | undefined) =>
  user?.role === 'partner' || user?.role === 'staff';

/** Who may scan, redeem and undo, and read a redemption report: partners, their staff and admins. */
export const isPartnerStaffOrAdmin = (user: TUserState | undefined) =>
  isPartnerOrStaff(user) || isAdmin(user);
