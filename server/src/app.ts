import { fileURLToPath } from 'node:url';
import { constants as zlib } from 'node:zlib';
import compress, { type FastifyCompressOptions } from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Api } from 'grammy';
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
import { devLoginRoutes } from './modules/dev-login/dev-login.routes.ts';
import { devLoginRefusals } from './modules/dev-login/texts.ts';
import { geoRoutes, gpxDownloadRoutes } from './modules/geo/geo.routes.ts';
import { createGeoService } from './modules/geo/geo.service.ts';
import { createGpxDownloadLinks } from './modules/geo/gpx-download-links.ts';
import { geoRefusals } from './modules/geo/texts.ts';
import { giftsRoutes } from './modules/gifts/gifts.routes.ts';
import { createGiftService } from './modules/gifts/gifts.service.ts';
import { giftRefusals } from './modules/gifts/texts.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { createNotificationService } from './modules/notifications/notifications.service.ts';
import { createOutboxWorker } from './modules/notifications/outbox.worker.ts';
import { offerRoutes } from './modules/offer/offer.routes.ts';
import { partnersRoutes } from './modules/partners/partners.routes.ts';
import { createPartnerService } from './modules/partners/partners.service.ts';
import { partnerRefusals } from './modules/partners/texts.ts';
import { photoRoutes } from './modules/photo/photo.routes.ts';
import { createPhotoService } from './modules/photo/photo.service.ts';
import { photoRefusals } from './modules/photo/texts.ts';
import { createCheckoutService } from './modules/purchases/checkout.service.ts';
import { createMyCouponsService } from './modules/purchases/my-coupons.service.ts';
import { paymentPagesRoutes } from './modules/purchases/payment-pages.routes.ts';
import { purchasesRoutes } from './modules/purchases/purchases.routes.ts';
import { createStalePaymentsWorker } from './modules/purchases/stale-payments.worker.ts';
import { purchaseRefusals } from './modules/purchases/texts.ts';
import { redemptionRoutes } from './modules/redemption/redemption.routes.ts';
import { createRedemptionService } from './modules/redemption/redemption.service.ts';
import { redemptionRefusals } from './modules/redemption/texts.ts';
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
import { registerTelegram } from './register-telegram.ts';
import { createBot } from './telegram/bot.ts';

declare module 'fastify' {
  interface FastifyInstance {
    stalePayments: ReturnType<typeof createStalePaymentsWorker>;
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
  photoRefusals,
  purchaseRefusals,
  redemptionRefusals,
  telegramWebhookRefusals,
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
    logController: new RequestLog(),
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

  registerSecurityHeaders(app);
  refuseNulCharacters(app);

  registerCsrf(app, createCsrf(botToken));
  if (deps.rateLimits !== false) await registerRateLimit(app, database.db);
  await app.register(healthRoutes, { database });
  if (database.dump) await app.register(backupRoutes, { dump: database.dump, dataDir: config.dataDir });

  const { db } = database;
  const users = createUserService(db, config.adminUsernames);
  const membership = createMembershipService({ db, log: app.log, botApi, chatId: config.communityChatId });
  const notifications = createNotificationService({
    db,
    log: app.log,
    adminIds: (executor) => users.adminIds(executor),
    publicUrl: config.publicUrl,
  });
  const outbox = createOutboxWorker({ db, botApi, log: app.log });
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
        log: app.log,
      })
    : undefined;
  // The bot's webhook (with PUBLIC_URL), and `app.telegram` that main.ts starts.
  await registerTelegram(app, { config, bot, notifications, outbox });

  const checkout = createCheckoutService({
    db,
    provider: deps.paymentProvider ?? createPaymentProvider(config),
    log: app.log,
    notifications,
  });
  // Payments nobody settled, asked about again in the background once main.ts starts it.
  const stalePayments = createStalePaymentsWorker(checkout, app.log);
  app.decorate('stalePayments', stalePayments);
  app.addHook('onClose', () => stalePayments.stop());
  await app.register(paymentPagesRoutes, {
    checkout,
    provider: config.paymentProvider,
    yookassaSendersOnly: config.yookassa.notificationsFromItsAddressesOnly,
  });
  const geo = createGeoService(db);
  const gpxDownloadLinks = createGpxDownloadLinks(botToken);
  await app.register(offerRoutes, { config });
  await app.register(gpxDownloadRoutes, { geo, downloadLinks: gpxDownloadLinks });

  if (config.localStandIn) await app.register(devLoginRoutes, { db, users, botToken });

  await app.register(async (api) => {
    requireInitData(api, { botToken, maxAgeS: config.initDataMaxAgeS, users });
    await api.register(compress, API_COMPRESSION);
    await api.register(usersRoutes, { users, membership, communityChatLink: config.communityChatLink });
    await api.register(partnersRoutes, { partners: createPartnerService(db, users.forgetRoles) });
    await api.register(couponRequestsRoutes, {
      requests: createCouponRequestService({ db, paymentProvider: config.paymentProvider, notifications }),
    });
    await api.register(catalogueRoutes, { catalogue: createCatalogueService(db) });
    await api.register(purchasesRoutes, {
      checkout,
      myCoupons: await createMyCouponsService(database),
      membership,
      users,
    });
    await api.register(giftsRoutes, {
      gifts: createGiftService({ db, users, membership, notifications }),
      membership,
    });
    await api.register(redemptionRoutes, {
      redemption: createRedemptionService({ db, membership, notifications }),
    });
    await api.register(calendarRoutes, { calendar: createCalendarService(db) });
    await api.register(photoRoutes, { photo: createPhotoService(db) });
    await api.register(geoRoutes, { geo, downloadLinks: gpxDownloadLinks });
  });

  await registerWebApp(app, deps.webRoot ?? DEFAULT_WEB_ROOT);
  app.addHook('onClose', () => database.close());
  return app;
}
