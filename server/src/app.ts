import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type CoreDeps, createCore } from './core.ts';
import { compressApiAnswers } from './http/compression.ts';
import { boundConnectionsPerAddress } from './http/connection-limits.ts';
import { registerErrorHandling } from './http/errors.ts';
import { refuseNulCharacters } from './http/nul-guard.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { serverOptions } from './http/server-options.ts';
import { httpRefusals } from './http/texts.ts';
import { createMaintenance, type Maintenance } from './jobs/maintenance.ts';
import { createMessengerInbound } from './messenger/inbound.ts';
import { adminPurchasesManifest } from './modules/admin-purchases/admin-purchases.manifest.ts';
import { backupManifest } from './modules/backup/backup.manifest.ts';
import { calendarManifest } from './modules/calendar/calendar.manifest.ts';
import { catalogueManifest } from './modules/catalogue/catalogue.manifest.ts';
import { closingReceiptsManifest } from './modules/closing-receipts/closing-receipts.manifest.ts';
import { couponRequestsManifest } from './modules/coupon-requests/coupon-requests.manifest.ts';
import { couponSigningManifest } from './modules/coupon-signing/coupon-signing.manifest.ts';
import { devLoginManifest } from './modules/dev-login/dev-login.manifest.ts';
import { emailManifest } from './modules/email/email.manifest.ts';
import { geoManifest } from './modules/geo/geo.manifest.ts';
import { giftsManifest } from './modules/gifts/gifts.manifest.ts';
import { healthManifest } from './modules/health/health.manifest.ts';
import { invitesManifest } from './modules/invites/invites.manifest.ts';
import { linkingManifest } from './modules/linking/linking.manifest.ts';
import { type Core, ModuleList } from './modules/manifest.ts';
import { maxBotManifest } from './modules/max-bot/max-bot.manifest.ts';
import { meManifest } from './modules/me/me.manifest.ts';
import { metricsManifest } from './modules/metrics/metrics.manifest.ts';
import { myCouponsManifest } from './modules/my-coupons/my-coupons.manifest.ts';
import { notificationsManifest } from './modules/notifications/notifications.manifest.ts';
import { offersManifest } from './modules/offers/offers.manifest.ts';
import { partnersManifest } from './modules/partners/partners.manifest.ts';
import { photoManifest } from './modules/photo/photo.manifest.ts';
import { privacyManifest } from './modules/privacy/privacy.manifest.ts';
import { publicOfferManifest } from './modules/public-offer/public-offer.manifest.ts';
import { purchasedCouponsManifest } from './modules/purchased-coupons/purchased-coupons.manifest.ts';
import { purchasesManifest } from './modules/purchases/purchases.manifest.ts';
import { ratingsManifest } from './modules/ratings/ratings.manifest.ts';
import { redemptionManifest } from './modules/redemption/redemption.manifest.ts';
import { remindersManifest } from './modules/reminders/reminders.manifest.ts';
import { reportsManifest } from './modules/reports/reports.manifest.ts';
import { telegramWebhookManifest } from './modules/telegram-webhook/telegram-webhook.manifest.ts';
import { usersManifest } from './modules/users/users.manifest.ts';
import { requireInitData } from './plugins/auth.ts';
import { createCsrf, registerCsrf } from './plugins/csrf.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { registerWebApp } from './plugins/static.ts';
import { stampArrivals } from './queueing/arrival-order.ts';

export interface AppDeps extends CoreDeps {
  /** Where the built web app lies; defaults to dist/web of the repository. */
  webRoot?: string;
  logger?: boolean;
  /** Where log lines go instead of stdout (a test reading what the log keeps). */
  logStream?: NodeJS.WritableStream;
  /** Per-user limits on costly writes (plugins/rate-limit.ts); on unless a race test turns them off. */
  rateLimits?: boolean;
}

// Validation messages the caller sees are Russian, like every other message of the API.
z.config(z.locales.ru());

/**
 * The modules, in the order they are made: each manifest is handed what the app and the manifests
 * above it gave (its `make` names what it needs, and the typecheck fails for a need given only
 * further down). Their routes and inbound handlers are plugged in once all are made.
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
  .add(linkingManifest)
  .add(purchasesManifest)
  .add(myCouponsManifest)
  .add(adminPurchasesManifest)
  .add(closingReceiptsManifest)
  .add(giftsManifest)
  .add(telegramWebhookManifest)
  .add(maxBotManifest)
  .add(meManifest)
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

/** What the modules made, what they plugged in and their sweeps, by the manifests' types. */
type Modules = Awaited<ReturnType<typeof MODULES.make>>;
type Made = Modules['made'];

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * What the modules run beside the requests (each manifest's `start`: the outbox, the mail, the
     * bot's webhook or long polling; then the sweeps): main.ts starts it once the server listens,
     * closing the app stops it.
     */
    background: { start(): Promise<void>; stop(): Promise<void> };
    /** The sweeps the manifests declare (jobs/maintenance.ts); tests run one by name. */
    maintenance: Maintenance<Modules['sweeps']>;
    /**
     * The Telegram side, as tests drive it: the grammY bot (absent in the local stand-in), long
     * polling's update inbox, the notifications, their outbox and the mail behind the bot (absent
     * when nothing is mailed).
     */
    telegram: Pick<Made, 'bot' | 'updateInbox' | 'notifications' | 'outbox'> & { mail: Made['mailFallback'] };
    /** QR images drawn in the background: a caller watching the rows waits until they are stored. */
    qrImages: Pick<Made['qrImages'], 'settled'>;
    /** The «зачет предоплаты» receipts: one sent after a redemption is waited for with `settled`. */
    closingReceipts: Made['closingReceipts'];
  }
}

/**
 * The whole server as one plugin tree, built in-process: tests call it with `inject()`. The app's
 * own parts (logging, errors, headers, CSRF, limits, the web app) around the modules of MODULES:
 * made in order, then their open routes, the inbound of their handlers, and their routes under /api.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, botToken } = deps;
  const app = Fastify(serverOptions(config, deps));
  boundConnectionsPerAddress(app, config.maxConnectionsPerAddress, config.trustedProxies);
  // First of all hooks: every statement a request asks PGlite for waits in its arrival order.
  if (database.kind === 'pglite') stampArrivals(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app, REFUSALS);
  registerSecurityHeaders(app);
  refuseNulCharacters(app);

  registerCsrf(app, createCsrf(botToken));
  if (deps.rateLimits !== false) await registerRateLimit(app, database.db);

  const core = createCore({ ...deps, log: app.log });
  const { made, plugged, sweeps } = await MODULES.make(core);
  const { bot, updateInbox, notifications, outbox, qrImages, closingReceipts } = made;
  for (const module of plugged) await module.openRoutes?.(app);
  // Every messenger's taps, replies and starts reach the modules' handlers through one inbound.
  const inbound = createMessengerInbound({
    handlers: plugged.flatMap((module) => (module.inbound ? [module.inbound] : [])),
    appPublished: core.buttonsUrl !== undefined,
    users: made.users,
    membership: made.membership,
  });
  for (const module of plugged) module.receives?.(inbound);
  await app.register(async (api) => {
    requireInitData(api, {
      botToken,
      maxBotToken: config.max.botToken,
      maxAgeS: config.initDataMaxAgeS,
      users: made.users,
    });
    await compressApiAnswers(api);
    for (const module of plugged) await module.routes?.(api);
  });
  app.decorate('telegram', { bot, updateInbox, notifications, outbox, mail: made.mailFallback });
  app.decorate('qrImages', qrImages);
  app.decorate('closingReceipts', closingReceipts);

  // Nothing runs in the background until main.ts starts it; closing the app stops it.
  const maintenance = createMaintenance({ sweeps, log: app.log, clock: core.sweepClock });
  app.decorate('maintenance', maintenance);
  const background = {
    async start() {
      for (const module of plugged) await module.start?.();
      maintenance.start();
    },
    async stop() {
      await maintenance.stop();
      for (const module of plugged.toReversed()) await module.stop?.();
    },
  };
  app.decorate('background', background);
  // preClose: before the database closes (onClose), so a run under way can finish its writes.
  app.addHook('preClose', () => background.stop());

  await registerWebApp(app, deps.webRoot);
  // After the last request: what the modules still finish (the receipts and the QR images of the
  // last redemptions and purchases) is stored before the database closes.
  app.addHook('onClose', async () => {
    for (const module of plugged.toReversed()) await module.settle?.();
    await database.close();
  });
  return app;
}
