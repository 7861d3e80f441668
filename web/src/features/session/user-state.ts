import { ROLES, type TRole } from '#contract/roles';
import type { TBotMessagesStuck, TMeResponse } from '#contract/session';
import { TELEGRAM_REACHES } from '#contract/telegram-reach';
import { readStoredJson, removeStored, writeStoredJson } from '@/lib/local-storage';

/**
 * SPEC §3 User: the client's picture of who is using the app, with what the buy screen needs to
 * know before a payment (consent to the privacy policy, the e-mail for receipts), and what an
 * admin's Home tells of the bot's messages not going out.
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
  | 'timeZone'
  | 'botMessagesStuck'
>;

const USER_STORAGE_KEY = 'katajsya.user';

type StoredUser = Pick<TMeResponse, 'id'> & TUserState;

const isText = (value: unknown): value is string => typeof value === 'string';
const isTextOrNull = (value: unknown): value is string | null => value === null || isText(value);
const isFlag = (value: unknown): value is boolean => typeof value === 'boolean';
const isFlagOrNull = (value: unknown): value is boolean | null => value === null || isFlag(value);
const isRole = (value: unknown): value is TRole => ROLES.some((name) => name === value);
/** Absent, or whole minutes past 0 (zod's `int()`: safe integers) with one of Telegram's reaches. */
const isStuckOrAbsent = (value: unknown): value is TBotMessagesStuck | undefined => {
  const { minutes, telegram } = (value ?? {}) as Record<string, unknown>;
  return (
    value === undefined ||
    (Number.isSafeInteger(minutes) &&
      (minutes as number) > 0 &&
      TELEGRAM_REACHES.some((reach) => reach === telegram))
  );
};

/** Each field of the user state, with what its value must be. */
const CHECKS = {
  username: isTextOrNull,
  role: isRole,
  isChatMember: isFlagOrNull,
  communityChatLink: isText,
  email: isTextOrNull,
  consentGiven: isFlag,
  receiptEmailRequired: isFlag,
  timeZone: isText,
  botMessagesStuck: isStuckOrAbsent,
} satisfies { [Key in keyof TUserState]-?: (value: unknown) => value is TUserState[Key] };

const FIELDS = Object.keys(CHECKS) as Array<keyof TUserState>;

/** The user state's fields of `source`, and no others; a nested one with its own alone, as zod gives it back. */
function stateOf(source: Record<string, unknown>, fields = FIELDS): TUserState {
  const state = Object.fromEntries(fields.map((key) => [key, source[key]])) as TUserState;
  const stuck = state.botMessagesStuck;
  if (stuck) state.botMessagesStuck = { minutes: stuck.minutes, telegram: stuck.telegram };
  return state;
}

/**
 * What a start may show before /api/me answers: not bot messages waiting, which is news of the
 * moment (a stored one would greet an admin's next start with yesterday's).
 */
const STORED_FIELDS = FIELDS.filter((key) => key !== 'botMessagesStuck');

/**
 * The user state in `fields` when each of its fields is what the contract says, undefined
 * otherwise. Checked by hand, not with the contract's zod schema: this runs on the first screen,
 * whose script carries no zod (the stored state below, /api/me's answer in api/me-check.ts).
 */
export const userStateIn = (fields: Record<string, unknown>): TUserState | undefined =>
  FIELDS.every((key) => CHECKS[key](fields[key])) ? stateOf(fields) : undefined;

/**
 * The Telegram id is kept beside the state so that another account on the same device never starts
 * with someone else's role.
 */
function readUser(value: unknown): StoredUser | undefined {
  const stored = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const state = userStateIn(stored);
  return typeof stored.id === 'number' && state ? { id: stored.id, ...state } : undefined;
}

export const toUserState = (me: TMeResponse): TUserState => stateOf(me);

export function storeUser(me: TMeResponse): void {
  writeStoredJson(USER_STORAGE_KEY, { id: me.id, ...stateOf(me, STORED_FIELDS) });
}

/** Forgets the saved state: the user's data was erased, so the next start knows nothing of them. */
export function forgetStoredUser(): void {
  removeStored(USER_STORAGE_KEY);
}

/** The state saved at the last start, if it belongs to the current Telegram user. */
export function readStoredUser(telegramUserId: number | undefined): TUserState | undefined {
  const stored = readStoredJson(USER_STORAGE_KEY, readUser);
  if (!stored || (telegramUserId !== undefined && stored.id !== telegramUserId)) return undefined;
  return stateOf(stored, STORED_FIELDS);
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
