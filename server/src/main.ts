import 'dotenv/config';
import { buildApp } from './app.ts';
import { ConfigError, configWarnings, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedDemoData } from './db/seed/seed-demo-data.ts';
import { listenFailure } from './http/listen-failure.ts';
import { startStandInMax } from './max/stand-in-max.ts';
import { seedCouponEndingTomorrow } from './modules/dev-login/demo-coupon-ending.ts';
import { PROVIDER_CALL_TIMEOUT_MS } from './payments/provider.ts';
import { createBotApi } from './telegram/bot-api.ts';
import { localBotToken } from './telegram/local-bot-token.ts';

/**
 * Longer than the longest call a request makes (a payment start at the provider), so a request in
 * flight when the server is told to stop still finishes; a process manager must wait longer still
 * (docs/operations.md: «Running it for real»).
 */
const SHUTDOWN_GRACE_MS = PROVIDER_CALL_TIMEOUT_MS + 10_000;

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    throughPgbouncer: config.databaseThroughPgbouncer,
  });
  const botToken = config.botToken ?? localBotToken(config.dataDir);
  const botApi = config.botToken
    ? createBotApi(config.botToken, config.telegramApiRoot, config.telegramProxyUrl)
    : undefined;
  // The end-to-end run (NODE_ENV=test) buys dozens of coupons as one demo user within minutes; the
  // limits themselves are shown by the server suite.
  const rateLimits = config.env !== 'test';
  // Without MAX_BOT_TOKEN the stand-in plays MAX too: a local MAX Bot API in the process, which
  // MAX's adapter and long polling reach as they would MAX's own.
  const standInMax =
    config.localStandIn && !config.max.botToken ? await startStandInMax(botToken) : undefined;
  const app = await buildApp({
    config: standInMax ? { ...config, max: standInMax.settings } : config,
    database,
    botToken,
    botApi,
    rateLimits,
    standInMax,
  });
  // After the app, whose long polling asks the local MAX until it stops.
  app.addHook('onClose', async () => standInMax?.close());

  for (const warning of configWarnings(config)) app.log.warn(warning);
  if (config.demoData && (await seedDemoData(database.db))) {
    if (config.localStandIn) await seedCouponEndingTomorrow(database.db, config.timeZone);
    app.log.info('demo data seeded');
  }
  if (config.localStandIn) {
    app.log.info(
      `no BOT_TOKEN: the local Telegram stand-in is on${standInMax ? ', and a local MAX beside it' : ''}; open the app in a browser to pick a demo user`,
    );
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const why = listenFailure(error, config.port);
    if (!why) throw error;
    console.error(why);
    await app.close();
    process.exit(1);
  }
  // After listening: a webhook set now finds the server answering.
  await app.background.start();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
