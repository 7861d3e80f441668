import { fileURLToPath } from 'node:url';
import { constants as zlib } from 'node:zlib';
import compress, { type FastifyCompressOptions } from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Api, Bot } from 'grammy';
import { z } from 'zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { answerClientError, answerFrameworkError } from './http/edge-errors.ts';
import { registerErrorHandling } from './http/errors.ts';
import { logSerializers } from './http/log-redaction.ts';
import { refuseNulCharacters } from './http/nul-guard.ts';
import { RequestLog } from './http/request-log.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { httpRefusals } from './http/texts.ts';
import { createMaintenance, type Maintenance } from './jobs/maintenance.ts';
import { createSweepClock } from './jobs/sweep-clock.ts';
import { adminPurchasesRoutes } from './modules/admin-purchases/admin-purchases.routes.ts';
import { createPurchaseListService } from './modules/admin-purchases/purchase-list.service.ts';
import { createRefundService } from './modules/admin-purchases/refunds.service.ts';
import { adminPurchaseRefusals } from './modules/admin-purchases/texts.ts';
import { backupRoutes } from './modules/backup/backup.routes.ts';
import { backupRefusals } from './modules/backup/texts.ts';
import { calendarRoutes } from './modules/calendar/calendar.routes.ts';
import { createCalendarService } from './modules/calendar/calendar.service.ts';
import { calendarRefusals } from './modules/calendar/texts.ts';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.ts';
import { createCatalogueService } from './modules/catalogue/catalogue.service.ts';
import { couponRequestsRoutes } from './modules/coupon-requests/coupon-requests.routes.ts';
import { createCouponRequestService } from './modules/coupon-requests/coupon-requests.service.ts';
import { couponRequestRefusals } from './modules/coupon-requests/texts.ts';
import { createCouponSigner } from './modules/coupon-signing/coupon-signer.ts';
import { devLoginRoutes } from './modules/dev-login/dev-login.routes.ts';
import { createStandInBotApi } from './modules/dev-login/stand-in-bot-api.ts';
import { devLoginRefusals } from './modules/dev-login/texts.ts';
import { geoRoutes, gpxDownloadRoutes } from './modules/geo/geo.routes.ts';
import { createGeoService } from './modules/geo/geo.service.ts';
import { createGpxDownloadLinks } from './modules/geo/gpx-download-links.ts';
import { geoRefusals } from './modules/geo/texts.ts';
import { createGiftShareService } from './modules/gifts/gift-share.service.ts';
import { giftsRoutes } from './modules/gifts/gifts.routes.ts';
import { createGiftService } from './modules/gifts/gifts.service.ts';
import { giftRefusals } from './modules/gifts/texts.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { invitesRoutes } from './modules/invites/invites.routes.ts';
import { createInviteService } from './modules/invites/invites.service.ts';
import { inviteRefusals } from './modules/invites/texts.ts';
import { metricsRoutes } from './modules/metrics/metrics.routes.ts';
import { createMetrics } from './modules/metrics/metrics.ts';
import { metricsRefusals } from './modules/metrics/texts.ts';
import {
  createNotificationService,
  type NotificationService,
} from './modules/notifications/notifications.service.ts';
import { createOutboxWorker, type OutboxWorker } from './modules/notifications/outbox.worker.ts';
import { createQrPhotos } from './modules/notifications/qr-photos.ts';
import { offerRoutes } from './modules/offer/offer.routes.ts';
import { offersRoutes } from './modules/offers/offers.routes.ts';
import { createOfferService } from './modules/offers/offers.service.ts';
import { offerRefusals } from './modules/offers/texts.ts';
import { createPartnerAccess } from './modules/partners/partner-access.ts';
import { partnersRoutes } from './modules/partners/partners.routes.ts';
import { createPartnerService } from './modules/partners/partners.service.ts';
import { partnerRefusals } from './modules/partners/texts.ts';
import { photoRoutes } from './modules/photo/photo.routes.ts';
import { createPhotoService } from './modules/photo/photo.service.ts';
import { photoRefusals } from './modules/photo/texts.ts';
import { privacyInfoRoutes, privacyRoutes } from './modules/privacy/privacy.routes.ts';
import { createPrivacyService, deleteExpiredData } from './modules/privacy/privacy.service.ts';
import { privacyRefusals } from './modules/privacy/texts.ts';
import { recordExpiries } from './modules/purchased-coupons/expiry-log.ts';
import { createQrImages, type QrImages } from './modules/purchased-coupons/qr-images.ts';
import { createCheckoutService } from './modules/purchases/checkout.service.ts';
import { createMyCouponsService } from './modules/purchases/my-coupons.service.ts';
import { paymentPagesRoutes } from './modules/purchases/payment-pages.routes.ts';
import { purchasesRoutes } from './modules/purchases/purchases.routes.ts';
import { purchaseRefusals } from './modules/purchases/texts.ts';
import { registerRatingButtons } from './modules/ratings/ratings.bot.ts';
import { ratingsRoutes } from './modules/ratings/ratings.routes.ts';
import { createRatingService } from './modules/ratings/ratings.service.ts';
import { ratingRefusals } from './modules/ratings/texts.ts';
import { createOfflineRedemptionService } from './modules/redemption/offline.service.ts';
import { redemptionRoutes } from './modules/redemption/redemption.routes.ts';
import { createRedemptionService } from './modules/redemption/redemption.service.ts';
import { redemptionRefusals } from './modules/redemption/texts.ts';
import { registerReminderButtons } from './modules/reminders/reminders.bot.ts';
import { createReminderService } from './modules/reminders/reminders.service.ts';
import { createReportScope } from './modules/reports/report-scope.ts';
import { exportFileRoutes, reportsRoutes } from './modules/reports/reports.routes.ts';
import { createReportService } from './modules/reports/reports.service.ts';
import { reportRefusals } from './modules/reports/texts.ts';
import { telegramWebhookRoutes } from './modules/telegram-webhook/telegram-webhook.routes.ts';
import { telegramWebhookRefusals } from './modules/telegram-webhook/texts.ts';
import { createMembershipService } from './modules/users/membership.service.ts';
import { userRefusals } from './modules/users/texts.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { createUserService } from './modules/users/users.service.ts';
import { createPaymentProvider } from './payments/create-provider.ts';
import type { PaymentProvider } from './payments/provider.ts';
import { requireInitData } from './plugins/auth.ts';
import { createCsrf, registerCsrf } from './plugins/csrf.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { registerWebApp } from './plugins/static.ts';
import { type BotRunner, createBot, launchBot } from './telegram/bot.ts';
import { createBotUsername } from './telegram/bot-username.ts';

/** The Telegram side of the app: the bot, the notifications and their outbox. */
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
    /** The background sweeps (jobs/maintenance.ts); main.ts starts them, tests run one by name. */
    maintenance: Maintenance;
    /** QR images drawn in the background: a caller watching the rows waits until they are stored. */
    qrImages: Pick<QrImages, 'settled'>;
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

/** Every module's refusals: the error handler answers a DomainError by its code from these. */
const REFUSALS = [
  httpRefusals,
  backupRefusals,
  userRefusals,
  calendarRefusals,
  couponRequestRefusals,
  devLoginRefusals,
  geoRefusals,
  giftRefusals,
  partnerRefusals,
  offerRefusals,
  adminPurchaseRefusals,
  reportRefusals,
  privacyRefusals,
  photoRefusals,
  purchaseRefusals,
  redemptionRefusals,
  telegramWebhookRefusals,
  ratingRefusals,
  inviteRefusals,
  metricsRefusals,
];

/**
 * The whole server as one plugin tree, built in-process: tests call it with `inject()`. The one
 * place where services are made and handed to each other and to their routes.
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
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app, REFUSALS);
  const sweeps = createSweepClock();
  // Only with a token to scrape it: without one, nothing is counted.
  const metrics = config.metricsToken ? createMetrics({ database, sweeps }) : undefined;
  metrics?.observeRequests(app);
  if (botApi) metrics?.observeBotApi(botApi);

  registerSecurityHeaders(app);
  refuseNulCharacters(app);

  registerCsrf(app, createCsrf(botToken));
  if (deps.rateLimits !== false) await registerRateLimit(app, database.db);
  await app.register(healthRoutes, { database });
  if (metrics && config.metricsToken)
    await app.register(metricsRoutes, { metrics, token: config.metricsToken });
  if (database.dump) await app.register(backupRoutes, { dump: database.dump, dataDir: config.dataDir });

  const { db } = database;
  const users = createUserService(db, config.adminUsernames, config.timeZone);
  const membership = createMembershipService({ db, log: app.log, botApi, chatId: config.communityChatId });
  // What the bot's web_app buttons open: the stand-in's chat opens them in the page it runs in.
  const buttonsUrl =
    config.publicUrl ?? (config.localStandIn ? `http://localhost:${config.port}` : undefined);
  const notifications = createNotificationService({
    db,
    log: app.log,
    adminIds: (executor) => users.adminIds(executor),
    publicUrl: buttonsUrl,
  });
  const { timeZone } = config;
  const signer = createCouponSigner(db);
  const qrImages = createQrImages({ db, signer, timeZone, log: app.log });
  app.decorate('qrImages', qrImages);
  // Without a bot, the bot's messages go to the stand-in's own Bot API, which shows them in «Чат с ботом».
  const standIn = config.localStandIn ? createStandInBotApi({ token: botToken }) : undefined;
  const chatApi = botApi ?? standIn?.api;
  // The configuration has one or the other (BOT_TOKEN in production); a caller passing neither is a bug.
  if (!chatApi) throw new Error('buildApp needs botApi with BOT_TOKEN (the local stand-in is off)');
  const outbox = createOutboxWorker({
    db,
    botApi: chatApi,
    log: app.log,
    qrPhotos: createQrPhotos({ db, qrImages, timeZone }),
    publicUrl: buttonsUrl,
    sweeps,
  });
  const bot = config.botToken
    ? createBot({
        token: config.botToken,
        apiRoot: config.telegramApiRoot,
        publicUrl: config.publicUrl,
        communityChatId: config.communityChatId,
        onMembership: async (user, member) => {
          await users.upsertUser(user);
          await membership.record(user.id, member);
        },
        // Telegram's payment sheet; `checkout` is made below and asked only when an update comes.
        invoices:
          config.paymentProvider === 'telegram'
            ? {
                check: (invoice) =>
                  checkout.checkInvoice({ ...invoice, isChatMember: membership.isChatMember }),
                settle: async (paid) => {
                  await checkout.settleTelegramPayment(paid);
                },
              }
            : undefined,
        log: app.log,
      })
    : undefined;
  if (bot) metrics?.observeBotApi(bot.api);
  const botUsername = createBotUsername(chatApi);
  const ratings = createRatingService(db);
  const reminders = createReminderService({
    db,
    notifications,
    timeZone: config.timeZone,
    daysBefore: config.reminderDaysBefore,
    botUsername,
    log: app.log,
  });
  const invites = createInviteService({ db, botUsername, communityChatLink: config.communityChatLink });
  // The stand-in's taps and replies come as updates to a bot of its own, through the same handlers.
  for (const updates of [bot, standIn?.bot]) {
    if (!updates) continue;
    registerReminderButtons(updates, reminders);
    registerRatingButtons(updates, ratings);
  }
  // The bot's webhook, only with PUBLIC_URL: webhook or long polling, never both.
  if (bot && config.publicUrl) {
    await app.register(telegramWebhookRoutes, { bot, secret: config.telegramWebhookSecret });
  }
  // Nothing talks to Telegram until main.ts starts it; closing the app stops it.
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

  const provider = deps.paymentProvider ?? createPaymentProvider(config, botApi);
  const privacy = createPrivacyService(db, users.forgetSeen);
  const checkout = createCheckoutService({
    db,
    provider,
    log: app.log,
    notifications,
    timeZone,
    privacy,
    receipts: config.receipts !== null,
    drawQrSoon: qrImages.drawSoon,
  });
  const refunds = createRefundService({ db, provider, log: app.log, notifications });
  const gifts = createGiftService({ db, users, membership, notifications, drawQrSoon: qrImages.drawSoon });
  // Swept in the background once main.ts starts it.
  const maintenance = createMaintenance({
    sweeps: {
      stalePayments: checkout.settleStalePayments,
      pendingRefunds: refunds.settlePendingRefunds,
      expiries: () => recordExpiries(db),
      heldGifts: gifts.returnUnclaimedGifts,
      reminders: reminders.sendDueReminders,
      retention: () => deleteExpiredData(db, config.geoRetentionDays),
    },
    log: app.log,
    clock: sweeps,
  });
  app.decorate('maintenance', maintenance);
  await app.register(paymentPagesRoutes, {
    checkout,
    provider: config.paymentProvider,
    yookassaSendersOnly: config.yookassa.notificationsFromItsAddressesOnly,
  });
  const geo = createGeoService(db);
  const gpxDownloadLinks = createGpxDownloadLinks(botToken);
  await app.register(offerRoutes, { config });
  await app.register(gpxDownloadRoutes, { geo, downloadLinks: gpxDownloadLinks });

  const access = createPartnerAccess(db);
  const reports = createReportService(db, timeZone, ratings.ratingsOf);
  const reportDeps = {
    reports,
    scope: createReportScope(reports, access),
    users,
    timeZone,
    botToken,
    botApi,
  };
  await app.register(exportFileRoutes, reportDeps);
  await app.register(privacyInfoRoutes, { config, privacy, botToken });

  if (standIn) await app.register(devLoginRoutes, { db, users, botToken, standIn });

  await app.register(async (api) => {
    requireInitData(api, { botToken, maxAgeS: config.initDataMaxAgeS, users });
    await api.register(compress, API_COMPRESSION);
    await api.register(usersRoutes, {
      users,
      membership,
      communityChatLink: config.communityChatLink,
      privacy,
      receiptEmailRequired: config.receipts !== null,
      timeZone,
      claimHeldGifts: gifts.claimHeldGifts,
      recordArrival: invites.recordArrival,
    });
    await api.register(invitesRoutes, { invites });
    await api.register(privacyRoutes, { privacy, botToken, botApi, reminders });
    await api.register(ratingsRoutes, { ratings });
    await api.register(partnersRoutes, {
      partners: createPartnerService(db, {
        innRequired: config.receipts?.agentType !== undefined,
        paymentLinkNeeded: config.paymentProvider === 'link',
        forgetRoles: users.forgetRoles,
        ratingsOf: ratings.ratingsOf,
      }),
      access,
    });
    await api.register(offersRoutes, {
      offers: createOfferService(db, { paymentLinkNeeded: config.paymentProvider === 'link' }),
    });
    await api.register(adminPurchasesRoutes, { purchases: createPurchaseListService(db, timeZone), refunds });
    await api.register(reportsRoutes, reportDeps);
    await api.register(couponRequestsRoutes, {
      requests: createCouponRequestService({ db, paymentProvider: config.paymentProvider, notifications }),
    });
    await api.register(catalogueRoutes, {
      catalogue: await createCatalogueService(database, timeZone, ratings.ratingsOf),
    });
    await api.register(purchasesRoutes, {
      checkout,
      myCoupons: await createMyCouponsService(database, { timeZone }),
      qrImages,
      membership,
      users,
      privacy,
    });
    await api.register(giftsRoutes, {
      gifts,
      share: createGiftShareService({ db, botApi: chatApi, log: app.log }),
      membership,
    });
    // The sync redeems through the partner screen's one redeem operation (redemption/redeem.ts).
    const redemption = createRedemptionService({ db, membership, notifications, timeZone });
    await api.register(redemptionRoutes, {
      redemption,
      offline: createOfflineRedemptionService({ db, signer, redeeming: redemption, notifications, timeZone }),
      access,
    });
    await api.register(calendarRoutes, { calendar: createCalendarService(db) });
    await api.register(photoRoutes, { photo: createPhotoService(db) });
    await api.register(geoRoutes, { geo, downloadLinks: gpxDownloadLinks });
  });

  await registerWebApp(app, deps.webRoot ?? DEFAULT_WEB_ROOT);
  app.addHook('onClose', () => database.close());
  // onClose hooks run last-added first: a sweep under way and the QR images being drawn are
  // stored before the database closes.
  app.addHook('onClose', () => qrImages.settled());
  app.addHook('onClose', () => maintenance.stop());
  return app;
}
