import { createHmac } from 'node:crypto';
import type { MessengerInbound } from '../../domain/messenger.ts';
import { createMaxUpdates, type MaxUpdates } from '../../max/max-updates.ts';
import { type Core, manifest } from '../manifest.ts';
import { MAX_WEBHOOK_PATH, maxWebhookRoutes } from './max-bot.routes.ts';

/**
 * The webhook's secret: derived from the bot's token, so every server process agrees on it and only
 * whoever holds the token can know it (MAX takes 5–256 characters of A–Z a–z 0–9 _ -).
 */
export const maxWebhookSecret = (token: string) =>
  createHmac('sha256', token).update('max-webhook-secret').digest('hex');

/**
 * MAX's bot beside Telegram's, where MAX_BOT_TOKEN is configured: what people send it goes to the
 * app's inbound, by a webhook MAX is subscribed to at start (PUBLIC_URL, https on port 443) or by
 * long polling without one (npm start, tests: MAX calls it unfit for production).
 */
export const maxBotManifest = manifest({
  name: 'max-bot',
  make: ({ config, log, messengers }: Pick<Core, 'config' | 'log' | 'messengers'>) => {
    const token = config.max.botToken;
    const messenger = messengers.max;
    if (!token || !messenger) return {};
    const secret = maxWebhookSecret(token);
    let updates: MaxUpdates | undefined;
    let polling: { stop: AbortController; done: Promise<void> } | undefined;
    return {
      receives: (inbound: MessengerInbound) => {
        updates = createMaxUpdates({
          token,
          apiRoot: config.max.apiRoot,
          messenger,
          inbound,
          communityChatId: config.max.communityChatId,
          log,
        });
      },
      // Webhook or long polling, never both (MAX: «Both methods cannot be used simultaneously»).
      openRoutes: config.publicUrl
        ? (app) => app.register(maxWebhookRoutes, { secret, updates: () => updates })
        : undefined,
      start: async () => {
        if (!updates || polling) return;
        if (config.publicUrl) {
          try {
            await updates.subscribe(
              `${config.publicUrl}${MAX_WEBHOOK_PATH}`,
              secret,
              AbortSignal.timeout(10_000),
            );
          } catch (error) {
            // The app serves without it; MAX keeps what it could not deliver for a while.
            log.error(
              { err: error },
              'MAX did not take the webhook subscription; its bot hears nothing until it does',
            );
          }
          return;
        }
        const stop = new AbortController();
        polling = { stop, done: updates.poll(stop.signal) };
      },
      stop: async () => {
        polling?.stop.abort();
        await polling?.done;
        polling = undefined;
      },
    };
  },
});
