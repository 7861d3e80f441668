import type { Bot } from 'grammy';
import { type BotRunner, createBot, launchBot } from '../../telegram/bot.ts';
import { type Core, manifest } from '../manifest.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { CheckoutService } from '../purchases/checkout.service.ts';
import type { MembershipService } from '../users/membership.service.ts';
import type { UserService } from '../users/users.service.ts';
import { telegramWebhookRoutes } from './telegram-webhook.routes.ts';
import { telegramWebhookRefusals } from './texts.ts';
import { createUpdateInbox } from './update-inbox.ts';

/**
 * The bot (grammY; none in the local stand-in), the webhook Telegram calls it through, and its
 * start: the webhook set, or long polling. Made after checkout, which Telegram's payment sheet
 * settles through; other modules' buttons are added to it by app.ts.
 */
export const telegramWebhookManifest = manifest({
  name: 'telegram-webhook',
  refusals: telegramWebhookRefusals,
  make: ({
    config,
    db,
    log,
    metrics,
    telegramReachability,
    users,
    membership,
    checkout,
  }: Pick<Core, 'config' | 'db' | 'log' | 'telegramReachability'> & {
    metrics?: Metrics;
    users: UserService;
    membership: MembershipService;
    checkout: CheckoutService;
  }) => {
    const bot: Bot | undefined = config.botToken
      ? createBot({
          token: config.botToken,
          apiRoot: config.telegramApiRoot,
          proxyUrl: config.telegramProxyUrl,
          publicUrl: config.publicUrl,
          communityChatId: config.communityChatId,
          onMembership: async (user, member) => {
            await users.upsertUser(user);
            await membership.record(user.id, member);
          },
          // Telegram's payment sheet.
          invoices:
            config.paymentProvider === 'telegram'
              ? {
                  check: (invoice) =>
                    checkout.checkInvoice({ ...invoice, membershipOf: membership.payingMembershipOf }),
                  settle: async (paid) => {
                    await checkout.settleTelegramPayment(paid);
                  },
                }
              : undefined,
          log,
        })
      : undefined;
    if (bot) metrics?.observeBotApi(bot.api);
    // Long polling asks Telegram every 30 s at most: a quiet process still knows whether it reaches it.
    if (bot) telegramReachability.watch(bot.api);
    // Long polling writes each update down before Telegram forgets it (update-inbox.ts).
    const updateInbox = bot ? createUpdateInbox({ db, bot, log }) : undefined;
    let runner: BotRunner | undefined;
    return {
      gives: { bot, updateInbox },
      // Webhook or long polling, never both: the webhook only with PUBLIC_URL.
      openRoutes:
        bot && config.publicUrl
          ? (app) => app.register(telegramWebhookRoutes, { bot, secret: config.telegramWebhookSecret })
          : undefined,
      start: async () => {
        if (bot && !runner) {
          runner = await launchBot(bot, {
            publicUrl: config.publicUrl,
            webhookUrl: config.telegramWebhookUrl,
            webhookSecret: config.telegramWebhookSecret,
            log,
            inbox: updateInbox,
          });
        }
      },
      stop: async () => {
        await runner?.stop();
        runner = undefined;
      },
    };
  },
});
