import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { type Api, type Bot, GrammyError } from 'grammy';
import type { Update } from 'grammy/types';
import type { ALLOWED_UPDATES } from './bot.ts';
import { abortAfter } from './bot-api.ts';

type Logger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** Where updates are written before Telegram is told they were received, and handled from. */
export interface UpdateStore {
  store(updates: readonly Update[]): Promise<void>;
  handleDue(): Promise<unknown>;
}

/** How long a getUpdates call waits for an update before it answers an empty list. */
const LONG_POLL_S = 30;
/** How often updates waiting for another try (a paid invoice the database failed) are looked at. */
const RETRY_RUN_MS = 5_000;
const MAX_BACKOFF_MS = 30_000;

/**
 * Long polling on getUpdates, in Telegram's terms: an update is confirmed, and forgotten by
 * Telegram, as soon as getUpdates is called with an offset above its update_id. So the offset
 * moves past an update only once `inbox` has written it down: if the write fails (the database
 * down), the same updates are asked for again, and a process killed before the write leaves them
 * unconfirmed for the next one (Telegram keeps them for 24 hours). Handling happens from the inbox,
 * one run at a time, after each write and every few seconds for updates that wait for a retry.
 *
 * Another process polling with the same token gets 409 from Telegram: this one waits and asks
 * again, so it takes over when the other stops.
 */
export function startLongPolling(options: {
  bot: Bot;
  allowedUpdates: typeof ALLOWED_UPDATES;
  inbox: UpdateStore;
  log: Logger;
  /** The first wait after a failure, doubled up to 30 s while failures last. */
  retryMs?: number;
}) {
  const { bot, inbox, log } = options;
  const firstBackoffMs = options.retryMs ?? 1_000;
  const stopping = new AbortController();
  let backoffMs = firstBackoffMs;

  /** Waits out a failure (or Telegram's `retry_after`), unless stopped meanwhile. */
  function pause(error: unknown, what: string) {
    const floodWaitS = error instanceof GrammyError ? error.parameters.retry_after : undefined;
    const waitMs = floodWaitS === undefined ? backoffMs : floodWaitS * 1000;
    backoffMs = Math.min(backoffMs * 2, MAX_BACKOFF_MS);
    const conflict = error instanceof GrammyError && error.error_code === 409;
    // Another process polling is how a second server waits to take over, not an incident.
    if (conflict) log.warn({ err: error, retryInMs: waitMs }, `${what}: another process is polling`);
    else log.error({ err: error, retryInMs: waitMs }, `${what}; will retry`);
    return sleep(waitMs, undefined, { signal: stopping.signal }).catch(() => {});
  }

  // One run of the inbox at a time, in Telegram's order: after a write and on the retry timer.
  let running: Promise<unknown> = Promise.resolve();
  const handleDue = () => {
    running = running.then(() =>
      inbox.handleDue().catch((err: unknown) => log.error({ err }, 'telegram updates not handled')),
    );
    return running;
  };
  const retries = setInterval(() => void handleDue(), RETRY_RUN_MS);
  retries.unref();

  /** Polling takes no webhook; set up until it succeeds, as Telegram would refuse getUpdates. */
  async function setUp() {
    while (!stopping.signal.aborted) {
      try {
        if (!bot.isInited()) await bot.init(abortAfter(20_000));
        await bot.api.deleteWebhook({}, abortAfter(20_000));
        log.info({ bot: bot.botInfo.username }, 'telegram bot receiving updates by long polling');
        backoffMs = firstBackoffMs;
        return;
      } catch (error) {
        await pause(error, 'could not start telegram long polling');
      }
    }
  }

  async function poll() {
    await setUp();
    await handleDue();
    // Unset: Telegram starts from the earliest update not confirmed, whoever received it before.
    let offset: number | undefined;
    while (!stopping.signal.aborted) {
      let updates: Update[];
      try {
        updates = await bot.api.getUpdates(
          { offset, timeout: LONG_POLL_S, allowed_updates: options.allowedUpdates },
          // A stop ends the long poll at once; an answer that never comes, soon after Telegram's own wait.
          AbortSignal.any([
            stopping.signal,
            AbortSignal.timeout((LONG_POLL_S + 15) * 1000),
          ]) as unknown as Parameters<Api['getUpdates']>[1],
        );
      } catch (error) {
        if (stopping.signal.aborted) return;
        await pause(error, 'telegram getUpdates failed');
        continue;
      }
      try {
        await inbox.store(updates);
      } catch (error) {
        // The offset stays: the next getUpdates gives these again, along with anything newer.
        await pause(error, 'telegram updates not written down');
        continue;
      }
      backoffMs = firstBackoffMs;
      const last = updates.at(-1);
      if (last) offset = last.update_id + 1;
      await handleDue();
    }
  }

  const polling = poll();
  return {
    /** Stops asking Telegram and waits for the inbox's run under way; what is unconfirmed Telegram gives again. */
    async stop() {
      stopping.abort();
      clearInterval(retries);
      await polling;
      await running;
    },
  };
}
