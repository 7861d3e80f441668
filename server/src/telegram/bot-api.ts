import { Api } from 'grammy';

/** The longest any Bot API call may take that passes no signal of its own (grammY's default is 500 s). */
const CALL_TIMEOUT_S = 30;

/** The Bot API client every module uses; `apiRoot` lets tests and self-hosted servers stand in for Telegram. */
export function createBotApi(token: string, apiRoot: string): Api {
  return new Api(token, { apiRoot, timeoutSeconds: CALL_TIMEOUT_S });
}

/** A signal that gives up on a Bot API call after `ms` (grammY types its signals with a polyfill's type). */
export const abortAfter = (ms: number) =>
  AbortSignal.timeout(ms) as unknown as NonNullable<Parameters<Api['getMe']>[0]>;
