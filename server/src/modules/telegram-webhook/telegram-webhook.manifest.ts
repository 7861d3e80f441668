import type { Bot } from 'grammy';
import type { MessengerInbound } from '../../domain/messenger.ts';
import { type BotRunner, createBot, launchBot } from '../../telegram/bot.ts';
import { registerInboundUpdates } from '../../telegram/inbound-updates.ts';
import { type Core, manifest } from '../manifest.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { CheckoutService } from '../purchases/checkout.service.ts';
import type { MembershipService } from '../users/membership.service.ts';
import { telegramWebhookRoutes } from './telegram-webhook.routes.ts';
import { telegramWebhookRefusals } from './texts.ts';
import { createUpdateInbox } from './update-inbox.ts';

/**
 * The bot (grammY; none in the local stand-in), the webhook Telegram calls it through, and its
 * start: the webhook set, or long polling. Made after checkout, which Telegram's payment sheet
 * settles through; what people send the bot, or the local stand-in's, goes to the app's inbound,
 * which the modules' handlers make (app.ts hands it over).
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
    messengers,
    standIn,
    membership,
    checkout,
  }: Pick<Core, 'config' | 'db' | 'log' | 'telegramReachability' | 'messengers' | 'standIn'> & {
    metrics?: Metrics;
    membership: MembershipService;
    checkout: CheckoutService;
  }) => {
    let inbound: MessengerInbound | undefined;
    const bot: Bot | undefined = config.botToken
      ? createBot({
          token: config.botToken,
          apiRoot: config.telegramApiRoot,
          proxyUrl: config.telegramProxyUrl,
          communityChatId: config.communityChatId,
          // Told once the app's inbound is made (`receives`), before the bot starts.
          onSighting: async (seen) => {
            if (!inbound) throw new Error('a sighting before the app’s inbound was made');
            await inbound.seenInCommunity(seen);
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
      receives: (made) => {
        inbound = made;
        if (bot && messengers.telegram) registerInboundUpdates(bot, made, messengers.telegram);
        // The stand-in's taps and replies come as updates to a bot of its own.
        if (standIn && messengers.telegram) registerInboundUpdates(standIn.bot, made, messengers.telegram);
      },
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
