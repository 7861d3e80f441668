import type { FastifyInstance } from 'fastify';
import type { Bot } from 'grammy';
import type { Config } from './config.ts';
import type { NotificationService } from './modules/notifications/notifications.service.ts';
import type { OutboxWorker } from './modules/notifications/outbox.worker.ts';
import { telegramWebhookRoutes } from './modules/telegram-webhook/telegram-webhook.routes.ts';
import { type BotRunner, launchBot } from './telegram/bot.ts';

export interface Telegram {
  /** The grammY bot; absent in the local stand-in. */
  bot?: Bot;
  /** What the other modules call to tell people about events. */
  notifications: NotificationService;
  /** Sends the outbox; tests drive `outbox.deliverDue()` directly. */
  outbox: OutboxWorker;
  /** Background work, started by main.ts only: the bot's webhook or long polling, and the outbox worker. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    telegram: Telegram;
  }
}

/**
 * Connects the Telegram side app.ts made (the bot, the notifications and their outbox worker): the
 * webhook route (only with PUBLIC_URL: webhook or long polling, never both) and `app.telegram`.
 * Nothing talks to Telegram until `start()`; closing the app stops it.
 */
export async function registerTelegram(
  app: FastifyInstance,
  deps: { config: Config; bot?: Bot; notifications: NotificationService; outbox: OutboxWorker },
): Promise<Telegram> {
  const { config, bot, notifications, outbox } = deps;
  if (bot && config.publicUrl) {
    await app.register(telegramWebhookRoutes, { bot, secret: config.telegramWebhookSecret });
  }

  let runner: BotRunner | undefined;
  const telegram: Telegram = {
    bot,
    notifications,
    outbox,
    async start() {
      outbox.start();
      if (bot && !runner) {
        runner = await launchBot(bot, {
          publicUrl: config.publicUrl,
          webhookSecret: config.telegramWebhookSecret,
          log: app.log,
        });
      }
    },
    async stop() {
      await runner?.stop();
      runner = undefined;
      await outbox.stop();
    },
  };
  app.decorate('telegram', telegram);
  // preClose: before the database closes (onClose), so a run under way can finish its writes.
  app.addHook('preClose', async () => telegram.stop());
  return telegram;
}
