import { existsSync } from 'node:fs';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { paths } from '../../web/src/config/paths.ts';
import { DEMO_USERS } from '../src/db/seed/demo-users.ts';
import type { TelegramUser } from '../src/telegram/init-data.ts';
import { launchUrl, TELEGRAM_PROXY_SCRIPT } from './launch-url.ts';

const CHROMIUM = '/usr/bin/chromium';
const asUser = (index: 0 | 2): TelegramUser => ({ ...DEMO_USERS[index], lastName: null });
/** The admin sees every screen; a member owns the coupons of My QR. */
const ADMIN = asUser(0);
const MEMBER = asUser(2);

/** Every screen of SPEC §2 as a first load opens it (those that read a query get a plausible one). */
const ROUTES: Array<[name: string, path: string]> = [
  ['home', paths.home.getHref()],
  ['discounts', paths.coupons.getHref()],
  ['photo', paths.photo.getHref()],
  ['calendar', paths.calendar.getHref()],
  ['geo-service', paths.geo.getHref()],
  ['add-partner', paths.addPartner.getHref()],
  ['add-coupon', paths.addCoupon.getHref()],
  ['request-coupons', paths.requestCoupons.getHref()],
  ['buy-coupons', paths.buyCoupons.getHref()],
  ['my-coupons', paths.myCoupons.getHref()],
  ['check-coupon', paths.checkCoupon.getHref()],
  ['gift-to-friend', paths.giftToFriend.getHref(1)],
  ['offer', paths.offer.getHref()],
  ['is-success-pay', paths.checkPay.getHref({ couponId: 1, customerUsername: ADMIN.username ?? '' })],
  ['community-links', paths.communityLinks.getHref()],
];

export interface RouteWeight {
  route: string;
  /**
   * JavaScript bytes as they crossed the wire (compressed when the server compressed them), of the
   * scripts asked for before the screen's heading was drawn: what the screen needed.
   */
  jsOnWire: number;
  /** The same scripts unpacked. */
  jsDecoded: number;
  scripts: number;
  /** Every script until the network went quiet, those fetched ahead for the next screens too. */
  jsOnWireUntilIdle: number;
}

/** Notes when the first heading is drawn (`window.__drawnAt`), before the page's own scripts run. */
const DRAWN_AT_SCRIPT = `
  new MutationObserver((_, observer) => {
    if (!document.querySelector('h1')) return;
    window.__drawnAt = performance.now();
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true });
`;

export interface LighthouseScore {
  page: string;
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  unusedJsBytes: number;
  /** Why Lighthouse gave no figures, when it gave none twice. */
  failure?: string;
}

function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: apt-get install -y chromium`);
  return puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-sync'],
  });
}

/** Each screen opened afresh (no cache), counting the scripts it loaded until the network went quiet. */
async function weighRoutes(browser: Browser, base: string, botToken: string): Promise<RouteWeight[]> {
  const weights: RouteWeight[] = [];
  for (const [route, path] of ROUTES) {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.evaluateOnNewDocument(TELEGRAM_PROXY_SCRIPT);
    await page.evaluateOnNewDocument(DRAWN_AT_SCRIPT);
    await page.goto(launchUrl(base, path, ADMIN, botToken), { waitUntil: 'networkidle0', timeout: 60_000 });
    const scripts = await page.evaluate(() => {
      // Runs in the page; the server's DOM-less lib knows neither window nor resource timings.
      const drawnAt = (globalThis as { __drawnAt?: number }).__drawnAt ?? Number.POSITIVE_INFINITY;
      return performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .map(
          (entry) =>
            entry as unknown as { startTime: number; encodedBodySize: number; decodedBodySize: number },
        )
        .map((timing) => ({
          wire: timing.encodedBodySize,
          decoded: timing.decodedBodySize,
          needed: timing.startTime <= drawnAt,
        }));
    });
    const needed = scripts.filter((script) => script.needed);
    weights.push({
      route,
      jsOnWire: needed.reduce((sum, s) => sum + s.wire, 0),
      jsDecoded: needed.reduce((sum, s) => sum + s.decoded, 0),
      scripts: needed.length,
      jsOnWireUntilIdle: scripts.reduce((sum, s) => sum + s.wire, 0),
    });
    await context.close();
  }
  return weights;
}

/**
 * Lighthouse's mobile run (its simulated slow 4G and mid phone) of one screen, opened as Telegram
 * opens it. A run Lighthouse itself gives up on (it sometimes misses the first paint on a busy
 * machine) is tried once more; a second failure is printed, not hidden.
 */
async function score(browser: Browser, name: string, url: string): Promise<LighthouseScore> {
  let failure = '';
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.evaluateOnNewDocument(TELEGRAM_PROXY_SCRIPT);
    const run = await lighthouse(
      url,
      { logLevel: 'error', onlyCategories: ['performance'] },
      undefined,
      page,
    );
    await context.close();
    failure = run ? (run.lhr.runtimeError?.message ?? '') : 'no result';
    if (!run || failure) continue;
    const { audits, categories } = run.lhr;
    return {
      page: name,
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      fcpMs: audits['first-contentful-paint']?.numericValue ?? Number.NaN,
      lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
      unusedJsBytes:
        (audits['unused-javascript']?.details as { overallSavingsBytes?: number } | undefined)
          ?.overallSavingsBytes ?? 0,
    };
  }
  return {
    page: name,
    performance: Number.NaN,
    fcpMs: Number.NaN,
    lcpMs: Number.NaN,
    tbtMs: Number.NaN,
    unusedJsBytes: 0,
    failure,
  };
}

/** What a phone meets: each screen's JavaScript on the wire, and Lighthouse on Home and My QR. */
export async function measureWeb(base: string, botToken: string) {
  const browser = await launchChromium();
  try {
    const routes = await weighRoutes(browser, base, botToken);
    const lighthouseScores = [
      await score(browser, 'Home', launchUrl(base, paths.home.getHref(), MEMBER, botToken)),
      await score(browser, 'My QR', launchUrl(base, paths.myCoupons.getHref(), MEMBER, botToken)),
    ];
    return { routes, lighthouse: lighthouseScores };
  } finally {
    await browser.close();
  }
}
