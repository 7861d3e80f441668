import { fileURLToPath } from 'node:url';
import { constants as zlib } from 'node:zlib';
import compress, { type FastifyCompressOptions } from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Api, Bot } from 'grammy';
import { z } from 'zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { boundConnectionsPerAddress, requestTimeouts } from './http/connection-limits.ts';
import { answerClientError, answerFrameworkError } from './http/edge-errors.ts';
import { registerErrorHandling } from './http/errors.ts';
import { logSerializers } from './http/log-redaction.ts';
import { refuseNulCharacters } from './http/nul-guard.ts';
import { RequestLog } from './http/request-log.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { httpRefusals } from './http/texts.ts';
import { createMaintenance, type Maintenance } from './jobs/maintenance.ts';
import { createSweepClock } from './jobs/sweep-clock.ts';
import { adminPurchasesManifest } from './modules/admin-purchases/admin-purchases.manifest.ts';
import { backupManifest } from './modules/backup/backup.manifest.ts';
import { calendarManifest } from './modules/calendar/calendar.manifest.ts';
import { catalogueManifest } from './modules/catalogue/catalogue.manifest.ts';
import { closingReceiptsManifest } from './modules/closing-receipts/closing-receipts.manifest.ts';
import type { ClosingReceipts } from './modules/closing-receipts/closing-receipts.service.ts';
import { couponRequestsManifest } from './modules/coupon-requests/coupon-requests.manifest.ts';
import { couponSigningManifest } from './modules/coupon-signing/coupon-signing.manifest.ts';
import { devLoginManifest } from './modules/dev-login/dev-login.manifest.ts';
import { createStandInBotApi } from './modules/dev-login/stand-in-bot-api.ts';
import { emailManifest } from './modules/email/email.manifest.ts';
import type { MailFallback } from './modules/email/mail-fallback.worker.ts';
import { geoManifest } from './modules/geo/geo.manifest.ts';
import { giftsManifest } from './modules/gifts/gifts.manifest.ts';
import { healthManifest } from './modules/health/health.manifest.ts';
import { invitesManifest } from './modules/invites/invites.manifest.ts';
import { type Core, ModuleList } from './modules/manifest.ts';
import { metricsManifest } from './modules/metrics/metrics.manifest.ts';
import { createMetrics } from './modules/metrics/metrics.ts';
import { notificationsManifest } from './modules/notifications/notifications.manifest.ts';
import type { NotificationService } from './modules/notifications/notifications.service.ts';
import type { OutboxWorker } from './modules/notifications/outbox.worker.ts';
import { offersManifest } from './modules/offers/offers.manifest.ts';
import { partnersManifest } from './modules/partners/partners.manifest.ts';
import { photoManifest } from './modules/photo/photo.manifest.ts';
import { privacyManifest } from './modules/privacy/privacy.manifest.ts';
import { deleteExpiredData } from './modules/privacy/privacy.service.ts';
import { publicOfferManifest } from './modules/public-offer/public-offer.manifest.ts';
import { recordExpiries } from './modules/purchased-coupons/expiry-log.ts';
import { purchasedCouponsManifest } from './modules/purchased-coupons/purchased-coupons.manifest.ts';
import type { QrImages } from './modules/purchased-coupons/qr-images.ts';
import { purchasesManifest } from './modules/purchases/purchases.manifest.ts';
import { ratingsManifest } from './modules/ratings/ratings.manifest.ts';
import { redemptionManifest } from './modules/redemption/redemption.manifest.ts';
import { remindersManifest } from './modules/reminders/reminders.manifest.ts';
import { reportsManifest } from './modules/reports/reports.manifest.ts';
import { telegramWebhookManifest } from './modules/telegram-webhook/telegram-webhook.manifest.ts';
import type { UpdateInbox } from './modules/telegram-webhook/update-inbox.ts';
import { userRoutesManifest, usersManifest } from './modules/users/users.manifest.ts';
import { createPaymentProvider } from './payments/create-provider.ts';
import type { PaymentProvider } from './payments/provider.ts';
import { requireInitData } from './plugins/auth.ts';
import { createCsrf, registerCsrf } from './plugins/csrf.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { registerWebApp } from './plugins/static.ts';
import { stampArrivals } from './queueing/arrival-order.ts';
import { type BotRunner, launchBot } from './telegram/bot.ts';
import { createBotUsername } from './telegram/bot-username.ts';
import { createTelegramReachability } from './telegram/reachability.ts';

/** The Telegram side of the app: the bot, the notifications and their outbox. */
export interface Telegram {
  /** The grammY bot; absent in the local stand-in. */
  bot?: Bot;
  /** Long polling's updates, written down before they are handled; tests drive `handleDue(now)`. */
  updateInbox?: UpdateInbox;
  /** What the other modules call to tell people about events. */
  notifications: NotificationService;
  /** Sends the outbox; tests drive `outbox.deliverDue()` directly. */
  outbox: OutboxWorker;
  /** Mails what the bot could not deliver in 15 minutes (modules/email); absent when nothing is mailed. */
  mail?: MailFallback;
  /** Background work, started by main.ts only: the bot's webhook or long polling, and the outbox worker. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    telegram: Telegram;
    /** The background sweeps (jobs/maintenance.ts); main.ts starts them, tests run one by name. */
    maintenance: Maintenance;
    /** QR images drawn in the background: a caller watching the rows waits until they are stored. */
    qrImages: Pick<QrImages, 'settled'>;
    /** The «зачет предоплаты» receipts: one sent after a redemption is waited for with `settled`. */
    closingReceipts: ClosingReceipts;
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  /** The token init data is signed with: BOT_TOKEN, or the local stand-in's own. */
  botToken: string;
  /** The Bot API client; absent in the local stand-in. */
  botApi?: Api;
  /** The payment provider; by default the one PAYMENT_PROVIDER names. */
  paymentProvider?: PaymentProvider;
  /** Where the built web app lies; defaults to dist/web of the repository. */
  webRoot?: string;
  logger?: boolean;
  /** Where log lines go instead of stdout (a test reading what the log keeps). */
  logStream?: NodeJS.WritableStream;
  /** Per-user limits on costly writes (plugins/rate-limit.ts); on unless a race test turns them off. */
  rateLimits?: boolean;
}

/**
 * Answers of the API above 1 KB (the lists) go out compressed: brotli at a quality that costs a
 * fraction of a millisecond per answer, gzip for a browser without it. Smaller ones gain less than
 * the headers cost.
 */
const API_COMPRESSION: FastifyCompressOptions = {
  threshold: 1024,
  encodings: ['br', 'gzip'],
  brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
};

// Validation messages the caller sees are Russian, like every other message of the API.
z.config(z.locales.ru());

const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../dist/web', import.meta.url));

/**
 * The modules, in the order they are made: each manifest is handed what the app and the manifests
 * above it gave (its `make` names what it needs, and the typecheck fails for a need given only
 * further down). Their routes and bot buttons are plugged in once all are made.
 */
export const MODULES = ModuleList.startingFrom<Core>()
  .add(healthManifest)
  .add(metricsManifest)
  .add(backupManifest)
  .add(usersManifest)
  .add(couponSigningManifest)
  .add(purchasedCouponsManifest)
  .add(notificationsManifest)
  .add(emailManifest)
  .add(remindersManifest)
  .add(ratingsManifest)
  .add(invitesManifest)
  .add(offersManifest)
  .add(privacyManifest)
  .add(purchasesManifest)
  .add(adminPurchasesManifest)
  .add(closingReceiptsManifest)
  .add(giftsManifest)
  .add(telegramWebhookManifest)
  .add(userRoutesManifest)
  .add(devLoginManifest)
  .add(publicOfferManifest)
  .add(geoManifest)
  .add(partnersManifest)
  .add(reportsManifest)
  .add(couponRequestsManifest)
  .add(catalogueManifest)
  .add(redemptionManifest)
  .add(calendarManifest)
  .add(photoManifest);

/** Every refusal table: the error handler answers a DomainError by its code from these. */
export const REFUSALS = [httpRefusals, ...MODULES.refusals];

/**
 * The whole server as one plugin tree, built in-process: tests call it with `inject()`. The app's
 * own parts (logging, errors, headers, CSRF, limits, the web app) around the modules of MODULES:
 * made in order, then their open routes, their bot buttons, and their routes under /api.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, botToken, botApi } = deps;
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers["x-xsrf-token"]'],
            serializers: logSerializers,
            ...(deps.logStream ? { stream: deps.logStream } : {}),
          },
    // Production keeps a line per request; elsewhere (npm start) they are debug lines.
    logController: new RequestLog({ perRequest: config.env === 'production' ? 'info' : 'debug' }),
    trustProxy: config.trustedProxies,
    // Path segments carry QR tokens, regions and organizers up to 200 characters; our schemas,
    // not the router's default of 100, decide what is too long (a 400 naming the field).
    routerOptions: { maxParamLength: 256 },
    bodyLimit: 256 * 1024,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // A request must arrive whole in time: one whose body never finishes is answered 408 and closed.
    ...requestTimeouts(config.requestTimeoutMs),
  });
  boundConnectionsPerAddress(app, config.maxConnectionsPerAddress, config.trustedProxies);
  // First of all hooks: every statement a request asks PGlite for waits in its arrival order.
  if (database.kind === 'pglite') stampArrivals(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app, REFUSALS);
  const sweepClock = createSweepClock();
  // Telegram's reach, by the calls to the real Bot API; the stand-in's is in-process, and says nothing of it.
  const telegramReachability = createTelegramReachability();
  if (botApi) telegramReachability.watch(botApi);
  // Only with a token to scrape it: without one, nothing is counted.
  const metrics = config.metricsToken
    ? createMetrics({ database, sweeps: sweepClock, telegram: telegramReachability })
    : undefined;
  metrics?.observeRequests(app);
  if (botApi) metrics?.observeBotApi(botApi);

  registerSecurityHeaders(app);
  refuseNulCharacters(app);

  registerCsrf(app, createCsrf(botToken));
  if (deps.rateLimits !== false) await registerRateLimit(app, database.db);

  // Without a bot, the bot's messages go to the stand-in's own Bot API, which shows them in «Чат с ботом».
  const standIn = config.localStandIn ? createStandInBotApi({ token: botToken }) : undefined;
  const chatApi = botApi ?? standIn?.api;
  // The configuration has one or the other (BOT_TOKEN in production); a caller passing neither is a bug.
  if (!chatApi) throw new Error('buildApp needs botApi with BOT_TOKEN (the local stand-in is off)');
  const { made, plugged } = await MODULES.make({
    config,
    database,
    db: database.db,
    log: app.log,
    timeZone: config.timeZone,
    botToken,
    botApi,
    standIn,
    chatApi,
    botUsername: createBotUsername(chatApi),
    buttonsUrl: config.publicUrl ?? (standIn ? `http://localhost:${config.port}` : undefined),
    paymentProvider: deps.paymentProvider ?? createPaymentProvider(config, botApi),
    sweepClock,
    metrics,
    telegramReachability,
  });
  const { db, bot, updateInbox, notifications, outbox, qrImages } = made;
  for (const module of plugged) await module.openRoutes?.(app);
  // The stand-in's taps and replies come as updates to a bot of its own, through the same handlers.
  for (const updates of [bot, standIn?.bot]) {
    if (updates) for (const module of plugged) module.bot?.(updates);
  }
  await app.register(async (api) => {
    requireInitData(api, { botToken, maxAgeS: config.initDataMaxAgeS, users: made.users });
    await api.register(compress, API_COMPRESSION);
    for (const module of plugged) await module.routes?.(api);
  });
  app.decorate('qrImages', qrImages);

  // Nothing talks to Telegram until main.ts starts it; closing the app stops it.
  let runner: BotRunner | undefined;
  const telegram: Telegram = {
    bot,
    updateInbox,
    notifications,
    outbox,
    mail: made.mailFallback,
    async start() {
      outbox.start();
      made.mailFallback?.start();
      if (bot && !runner) {
        runner = await launchBot(bot, {
          publicUrl: config.publicUrl,
          webhookUrl: config.telegramWebhookUrl,
          webhookSecret: config.telegramWebhookSecret,
          log: app.log,
          inbox: updateInbox,
        });
      }
    },
    async stop() {
      await runner?.stop();
      runner = undefined;
      await outbox.stop();
      await made.mailFallback?.stop();
    },
  };
  app.decorate('telegram', telegram);
  // preClose: before the database closes (onClose), so a run under way can finish its writes.
  app.addHook('preClose', async () => telegram.stop());

  // Swept in the background once main.ts starts it.
  const maintenance = createMaintenance({
    sweeps: {
      stalePayments: made.checkout.settleStalePayments,
      pendingRefunds: made.refunds.settlePendingRefunds,
      closingReceipts: made.closingReceipts.sendDue,
      expiries: () => recordExpiries(db),
      heldGifts: made.gifts.returnUnclaimedGifts,
      reminders: made.reminders.sendDueReminders,
      retention: () => deleteExpiredData(db, config.geoRetentionDays),
    },
    log: app.log,
    clock: sweepClock,
  });
  app.decorate('maintenance', maintenance);
  app.decorate('closingReceipts', made.closingReceipts);

  await registerWebApp(app, deps.webRoot ?? DEFAULT_WEB_ROOT);
  app.addHook('onClose', () => database.close());
  // onClose hooks run last-added first: a sweep under way, the QR images being drawn and the
  // receipts being sent after redemptions are stored before the database closes.
  app.addHook('onClose', () => qrImages.settled());
  app.addHook('onClose', () => made.closingReceipts.settled());
  app.addHook('onClose', () => maintenance.stop());
  return app;
}
