import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { ErrorCode } from '#contract/errors';
import type { TMessenger } from '#contract/messengers';
import type { TRole } from '#contract/session';
import { DomainError } from '../../domain/domain-error.ts';
import type { TelegramUser } from '../../telegram/init-data.ts';
import type { CallerRow } from './caller-row.ts';
import type { UserRefusal } from './texts.ts';
import { normalizeUsername, type UserService } from './users.service.ts';

/**
 * Who calls: the user their init data names (plugins/auth.ts sets it for the whole /api tree),
 * under the app's id of them, with the messenger they opened the app in.
 */
export interface Caller extends TelegramUser {
  messenger: TMessenger;
  /** The start parameter the messenger signed with the launch. */
  startParam: string | undefined;
  /** Resolved on first use and kept for the rest of the request. */
  role(): Promise<TRole>;
  /**
   * Their row as this request's write of their profile returned it (caller-row.ts), for /api/me;
   * undefined when the request wrote none (written lately, or older news than stored).
   */
  row: CallerRow | undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller;
  }
}

/** Refuses callers whose role is not listed (403), before their input is even read. */
export function requireRole(...roles: TRole[]): preValidationAsyncHookHandler {
  return async (request) => {
    if (!roles.includes(await request.caller.role())) throw new DomainError(ErrorCode.forbidden);
  };
}

/** A Telegram username in a path: checked against the caller by the guards below. */
export const ZPathUsername = z.string().trim().min(1).max(64);

export const isOwnUsername = (caller: TelegramUser, username: string) =>
  caller.username !== null && normalizeUsername(caller.username) === normalizeUsername(username);

/**
 * Whom a username in a path names (ARCHITECTURE §3): the caller, or — for an admin only — whoever
 * holds that username now (undefined when nobody does). Anyone else naming another user gets 403.
 */
export async function pathSubject(
  request: FastifyRequest,
  username: string,
  users: UserService,
): Promise<{ id: number; username: string | null } | undefined> {
  if (isOwnUsername(request.caller, username)) return request.caller;
  if ((await request.caller.role()) !== 'admin') throw new DomainError<UserRefusal>('only_about_self');
  const user = await users.findByUsername(username);
  return user && { id: user.id, username: user.username };
}

/**
 * The username at `param` must be the caller's own: acting for someone else is refused even to
 * admins, with the calling module's `refusal`.
 */
export function requireOwnUsername(param: string, refusal: string): preValidationAsyncHookHandler {
  return async (request) => {
    const named = (request.params as Record<string, string | undefined>)[param] ?? '';
    if (!isOwnUsername(request.caller, named)) throw new DomainError(refusal);
  };
}
