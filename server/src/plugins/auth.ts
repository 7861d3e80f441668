import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import type { TRole } from '#contract/session';
import { forbidden } from '../http/errors.ts';
import { normalizeUsername, type UserService } from '../modules/users/users.service.ts';
import { authenticateInitData, type TelegramUser } from '../telegram/init-data.ts';

export interface Caller extends TelegramUser {
  /** Resolved on first use and kept for the rest of the request. */
  role(): Promise<TRole>;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller;
  }
}

/**
 * Every route registered inside `scope` needs valid init data: the user is upserted and becomes
 * `request.caller`. One hook for the whole authenticated tree, not a check per handler.
 */
export function requireInitData(
  scope: FastifyInstance,
  options: { botToken: string; maxAgeS: number; users: UserService },
) {
  scope.decorateRequest('caller', null as unknown as Caller);
  scope.addHook('onRequest', async (request) => {
    const { user, authDate } = authenticateInitData(
      request.headers.authorization,
      options.botToken,
      options.maxAgeS,
    );
    await options.users.upsertUser(user, authDate);
    let role: Promise<TRole> | undefined;
    request.caller = {
      ...user,
      role: () => {
        role ??= options.users.resolveRole(user.id);
        return role;
      },
    };
  });
}

/** Refuses callers whose role is not listed (403), before their input is even read. */
export function requireRole(...roles: TRole[]): preValidationAsyncHookHandler {
  return async (request) => {
    if (!roles.includes(await request.caller.role())) throw forbidden();
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
  if ((await request.caller.role()) !== 'admin') throw forbidden('Можно спрашивать только о себе');
  const user = await users.findByUsername(username);
  return user && { id: user.id, username: user.username };
}

/** The username at `param` must be the caller's own: acting for someone else is refused even to admins. */
export function requireOwnUsername(param: string, message: string): preValidationAsyncHookHandler {
  return async (request) => {
    const named = (request.params as Record<string, string | undefined>)[param] ?? '';
    if (!isOwnUsername(request.caller, named)) throw forbidden(message);
  };
}
