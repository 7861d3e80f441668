import { z } from 'zod';
import { ROLES } from './roles.ts';
import { TELEGRAM_REACHES } from './telegram-reach.ts';

export type { TRole } from './roles.ts';
export type { TTelegramReach } from './telegram-reach.ts';
export const ZRole = z.enum(ROLES);

/** Every error the API answers: a machine code and a Russian text fit to show. */
export const ZErrorResponse = z.object({ error: z.string(), message: z.string() });
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

export const ZCsrfResponse = z.object({ token: z.string() });
export type TCsrfResponse = z.infer<typeof ZCsrfResponse>;

export const ZTelegramReach = z.enum(TELEGRAM_REACHES);

/** Readiness is the database's alone: Telegram out of reach is told, never a reason to send no traffic. */
export const ZHealthResponse = z.object({
  ok: z.boolean(),
  db: z.enum(['up', 'down', 'not_migrated']),
  telegram: ZTelegramReach,
  /** Seconds the oldest bot message still to be sent has waited, 0 when none waits; null when the database did not say. */
  oldestUnsentMessageS: z.number().int().nonnegative().nullable(),
});
export type THealthResponse = z.infer<typeof ZHealthResponse>;

/** Bot messages an admin is told of: the oldest unsent has waited `minutes` (over 10), and Telegram's reach. */
export const ZBotMessagesStuck = z.object({ minutes: z.number().int().positive(), telegram: ZTelegramReach });
export type TBotMessagesStuck = z.infer<typeof ZBotMessagesStuck>;

/** GET /api/me: the user state of SPEC §3, loaded once at start. */
export const ZMeResponse = z.object({
  id: z.number().int(),
  username: z.string().nullable(),
  firstName: z.string(),
  role: ZRole,
  /**
   * In the community chat now; null while Telegram has not said (it asked the server to wait, as it
   * does when a post brings the whole chat at once): the server decides when it matters.
   */
  isChatMember: z.boolean().nullable(),
  /** What «Скопировать ссылку на сплавной чат» copies (COMMUNITY_CHAT_LINK). */
  communityChatLink: z.url(),
  /** The e-mail receipts go to, once given; never shown to partners. */
  email: z.string().nullable(),
  /** Consent to the current edition of the privacy policy was given (asked before a first purchase). */
  consentGiven: z.boolean(),
  /** Receipts are on (YOOKASSA_RECEIPTS): a purchase needs the e-mail. */
  receiptEmailRequired: z.boolean(),
  /** REPORT_TIME_ZONE: every date and time the app shows is read on this clock, as the server's exports are. */
  timeZone: z.string(),
  /** Admins only, and only while a bot message has waited over 10 minutes: Home says so. */
  botMessagesStuck: ZBotMessagesStuck.optional(),
});
export type TMeResponse = z.infer<typeof ZMeResponse>;

/** The three /api/customer/is/* answers. */
export const ZBooleanResponse = z.boolean();

/** The local stand-in (ARCHITECTURE §4): demo users the picker offers. */
export const ZDevUser = z.object({
  id: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  label: z.string(),
  role: ZRole,
  isChatMember: z.boolean(),
});
export type TDevUser = z.infer<typeof ZDevUser>;
export const ZDevUsersResponse = z.array(ZDevUser);

export const ZDevInitDataRequest = z.object({
  userId: z.number().int(),
  /** The messenger to open the app in: Telegram's init data, or the local MAX's (a person of its own). */
  messenger: z.enum(['telegram', 'max']).default('telegram'),
  /** A t.me link's `startapp`, signed into the init data as Telegram does (a reminder's «Открыть QR»). */
  startParam: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
});
export const ZDevInitDataResponse = z.object({ initData: z.string() });
export type TDevInitDataResponse = z.infer<typeof ZDevInitDataResponse>;

/** Buying, confirming and gifting need membership of the community chat (SPEC §4, §8). */
export const NOT_CHAT_MEMBER_MESSAGE =
  'Вы не состоите в сплавном чате. Сначала вступите в чат сообщества — после этого покупка станет доступна.';

/** The `error` code of a caller who is not in the community chat. */
export const UserErrorCode = {
  notChatMember: 'not_chat_member',
  /** Telegram has not said yet whether the caller is in the chat: a moment later it will. */
  membershipUnknown: 'membership_unknown',
} as const;

export const MEMBERSHIP_UNKNOWN_MESSAGE =
  'Не получилось проверить, что вы в сплавном чате: Telegram просит подождать. Попробуйте через минуту.';

/**
 * GET /api/users/seen/{username}: has anyone opened the app (or been seen in the chat) with this
 * username? Only that, asked before a gift or a staff name that would wait for its first visit.
 */
export const ZUsernameSeenResponse = z.object({ seen: z.boolean() });
export type TUsernameSeenResponse = z.infer<typeof ZUsernameSeenResponse>;
