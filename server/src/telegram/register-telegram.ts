import type { FastifyInstance } from 'fastify';
import type { Api, Bot } from 'grammy';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import {
  createNotificationService,
  type NotificationService,
} from '../modules/notifications/notifications.service.ts';
import { createOutboxWorker, type OutboxWorker } from '../modules/notifications/outbox.worker.ts';
import { telegramWebhookRoutes } from '../modules/telegram-webhook/telegram-webhook.routes.ts';
import type { MembershipService } from '../modules/users/membership.service.ts';
import type { UserService } from '../modules/users/users.service.ts';
import { type BotRunner, createBot, launchBot } from './bot.ts';

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
 * The Telegram side of the app: the bot, the webhook route (only with PUBLIC_URL: webhook or long
 * polling, never both), the notifications and their outbox worker. Nothing talks to Telegram
 * until `start()`; closing the app stops it.
 */
export async function registerTelegram(
  app: FastifyInstance,
  deps: { config: Config; db: Db; botApi?: Api; users: UserService; membership: MembershipService },
): Promise<Telegram> {
  const { config, db, botApi, users, membership } = deps;
  const notifications = createNotificationService({
    db,
    log: app.log,
    adminUsernames: config.adminUsernames,
    publicUrl: config.publicUrl,
  });
  const outbox = createOutboxWorker({ db, botApi, log: app.log });
  const bot = config.botToken
    ? createBot({
        token: config.botToken,
        apiRoot: config.telegramApiRoot,
        publicUrl: config.publicUrl,
        communityChatId: config.communityChatId,
        users,
        membership,
        log: app.log,
      })
    : undefined;

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
