import type { FastifyBaseLogger } from 'fastify';
import type { Api } from 'grammy';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Messengers } from './domain/messenger.ts';
import { createSweepClock } from './jobs/sweep-clock.ts';
import { createMaxMessenger } from './max/max-messenger.ts';
import type { StandInMax } from './max/stand-in-max.ts';
import type { Core } from './modules/manifest.ts';
import { createPaymentProvider } from './payments/create-provider.ts';
import type { PaymentProvider } from './payments/provider.ts';
import { createTelegramReachability } from './telegram/reachability.ts';
import { createStandInBotApi } from './telegram/stand-in-bot-api.ts';
import { createTelegramMessenger } from './telegram/telegram-messenger.ts';

/** What the app is built with that Core is made of (app.ts's AppDeps adds the HTTP side's). */
export interface CoreDeps {
  config: Config;
  database: Database;
  /** The token init data is signed with: BOT_TOKEN, or the local stand-in's own. */
  botToken: string;
  /** The Bot API client; absent in the local stand-in. */
  botApi?: Api;
  /** The adapters of other messengers than Telegram with a bot, by the messenger (a test's fake one). */
  messengers?: Messengers;
  /** The payment provider; by default the one PAYMENT_PROVIDER names. */
  paymentProvider?: PaymentProvider;
  /** The local stand-in's MAX, started with the configuration's MAX settings pointing at it. */
  standInMax?: StandInMax;
}

/** What the app makes before any module, from what it was built with: every manifest may need it. */
export function createCore(deps: CoreDeps & { log: FastifyBaseLogger }): Core {
  const { config, database, botToken, botApi } = deps;
  // Telegram's reach, by the calls to the real Bot API; the stand-in's is in-process, and says nothing of it.
  const telegramReachability = createTelegramReachability();
  if (botApi) telegramReachability.watch(botApi);
  // Without a bot, the bot's messages go to the stand-in's own Bot API, which shows them in «Чат с ботом».
  const standIn = config.localStandIn ? createStandInBotApi({ token: botToken }) : undefined;
  const chatApi = botApi ?? standIn?.api;
  // The configuration has one or the other (BOT_TOKEN in production); a caller passing neither is a bug.
  if (!chatApi) throw new Error('buildApp needs botApi with BOT_TOKEN (the local stand-in is off)');
  const buttonsUrl = config.publicUrl ?? (standIn ? `http://localhost:${config.port}` : undefined);
  return {
    config,
    database,
    db: database.db,
    log: deps.log,
    timeZone: config.timeZone,
    botToken,
    botApi,
    standIn,
    standInMax: deps.standInMax,
    messengers: {
      // The stand-in's Telegram shows messages, not files: documents are Telegram's own.
      telegram: createTelegramMessenger(chatApi, { appUrl: buttonsUrl, documents: botApi !== undefined }),
      // MAX's bot where one is configured (MAX_BOT_TOKEN and its name; config.ts requires both).
      ...(config.max.botToken && config.max.botName
        ? {
            max: createMaxMessenger({
              token: config.max.botToken,
              apiRoot: config.max.apiRoot,
              botName: config.max.botName,
            }),
          }
        : {}),
      ...deps.messengers,
    },
    buttonsUrl,
    paymentProvider: deps.paymentProvider ?? createPaymentProvider(config, botApi),
    sweepClock: createSweepClock(),
    telegramReachability,
  };
}
