import type { Api } from 'grammy';
import type { TTelegramReach } from '#contract/telegram-reach';

/**
 * Whether this process reaches Telegram's Bot API, as its latest call found. From Russian data
 * centres Telegram is reached only through a relay (TELEGRAM_PROXY_URL), and nothing else tells
 * the operator when the way is shut: the metrics, /api/health and the admin's Home read it here.
 * Any answer of Telegram's own, a refusal too (403 blocked, 429 too many), says it is reached; no
 * answer, a timeout or a 5xx (a relay's 502 among them) says it is not. Before the first call
 * nothing is known.
 */
export function createTelegramReachability() {
  let reach: TTelegramReach = 'unknown';
  return {
    reach: () => reach,
    /** Hears the outcome of every call `api` makes from now on. */
    watch(api: Api) {
      api.config.use(async (call, method, payload, signal) => {
        try {
          const result = await call(method, payload, signal);
          reach = result.ok || result.error_code < 500 ? 'up' : 'down';
          return result;
        } catch (error) {
          if (!calledOff(signal)) reach = 'down';
          throw error;
        }
      });
    },
  };
}

/**
 * The caller gave up on its own (a process stopping its long poll): nothing learnt of Telegram.
 * A caller's deadline (`AbortSignal.timeout`, as `abortAfter` gives) is Telegram not answering in time.
 */
function calledOff(signal: unknown) {
  const { aborted, reason } = (signal ?? {}) as { aborted?: boolean; reason?: { name?: string } };
  return aborted === true && reason?.name !== 'TimeoutError';
}

export type TelegramReachability = ReturnType<typeof createTelegramReachability>;
