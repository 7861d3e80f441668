import { existsSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import Trace from 'lighthouse/core/gather/gatherers/trace.js';
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import puppeteer, { type Browser } from 'puppeteer-core';
import { paths } from '../../web/src/config/paths.ts';
import { DEMO_USERS } from '../src/db/seed/demo-users.ts';
import type { TelegramUser } from '../src/telegram/init-data.ts';
import { startBareReact } from './bare-react.ts';
import { traceBlockingOnCpuMs } from './cpu-blocking.ts';
import { launchUrl, TELEGRAM_PROXY_SCRIPT } from './launch-url.ts';
import { keepRendererFirst, type RendererTime } from './renderer-first.ts';
import { startTlsFront } from './start-tls-front.ts';

/**
 * The browser of Lighthouse's runs: Chromium's headless shell, its content layer (Blink, V8, the
 * network service) with no browser around it, as the webview a Mini App runs in on a phone is the
 * same layer inside Telegram. Chromium itself in its new headless mode runs its desktop browser
 * unseen: its interface's fonts, its omnibox's WebUI page and the rest took the host's two cores
 * from the page's renderer, which waited for one 101–188 ms a run against 23–94 in the shell, and
 * its document's commit and layouts took up to twice the wall time (docs/performance.md,
 * «Lighthouse as a phone»).
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
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

/** Lighthouse's figures of one screen: its median run's, with the spread of every run. */
export interface LighthouseScore {
  page: string;
  /** Runs Lighthouse gave figures for, of those made. */
  runs: number;
  made: number;
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  unusedJsBytes: number;
  /** The lowest and highest of every run: what «in every run» has to hold. */
  performanceRange: [number, number];
  tbtRange: [number, number];
  /** Runs that held the screens' bar: a score of 95 or more with 200 ms of blocking time or less. */
  held: number;
  /**
   * The lowest and highest of every run: the blocking time from the tasks' time on a core alone
   * (cpu-blocking.ts), the page's own share of Lighthouse's figure.
   */
  onCpuRange: [number, number];
  /** The lowest and highest CPU slowdown of the runs: how steadily the host was read. */
  slowdownRange: [number, number];
  /**
   * Lighthouse's own measure of the machine's speed (its `benchmarkIndex`), and the CPU slowdown
   * the run was calibrated to: the median run's.
   */
  benchmarkIndex: number;
  cpuSlowdown: number;
  /**
   * Why each run Lighthouse gave no figures for gave none: its error's code (NO_NAVSTART: the
   * trace lost the navigation's start, «run Lighthouse again»), or «no figures».
   */
  lost: string[];
  /** Runs made again after Lighthouse lost their trace (TRACE_LOST), by its error's code. */
  again: string[];
  /**
   * The lowest and highest of every run: ms the page's renderer main thread waited for a core
   * (renderer-first.ts), from its document's arrival to the run's end.
   */
  coreWaitRange: [number, number];
  /** Why the renderer could not be put first, when it could not (its figures then hold the wait). */
  notFirst?: string;
}

/** One Lighthouse run: its report, or the code of its error; and the page's renderer's time. */
interface Run {
  outcome: Result | string;
  renderer: { time?: RendererTime; refused?: string };
  /** Its blocking time from the tasks' time on a core (cpu-blocking.ts), when it has a trace. */
  onCpuMs?: number;
}

/**
 * Runs of Lighthouse per screen. Lighthouse's variability guide: the median of five runs is about
 * twice as steady as one, and a single run on a shared machine says little.
 */
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);

/** The bench's one browser, launched first (measureWeb): a missing shell is said before any run. */
function launchChromium(): Promise<Browser> {
  if (!existsSync(HEADLESS_SHELL))
    throw new Error(`no headless shell at ${HEADLESS_SHELL}: apt-get install -y chromium-headless-shell`);
  return puppeteer.launch({
    executablePath: HEADLESS_SHELL,
    headless: 'shell',
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
 * The host Lighthouse's 4× CPU slowdown is calibrated for: its docs put that multiplier on a
 * «high-end desktop», benchmark index 1,500–2,000; this is the bracket's bottom, the stricter end.
 */
const REFERENCE_BENCHMARK_INDEX = 1_500;

/**
 * Lighthouse's trace without the two categories it takes only for DevTools («Not used by
 * Lighthouse», its trace gatherer says): with them V8 copies every script's source into the trace
 * on the page's main thread, 2.7–5.4 ms of CPU in 31 of 32 My QR runs (the 300 KB entry's, once it
 * has arrived: after the first paint), inside a task already long, which Lighthouse's simulation
 * multiplies by the slowdown and counts as the page's blocking time. No audit reads them (the
 * scripts' sources come through the debugger protocol); a phone does no such copying.
 */
let sourceRundownOff = false;
function withoutSourceRundown() {
  if (sourceRundownOff) return;
  sourceRundownOff = true;
  const categories = Trace.getDefaultTraceCategories;
  Trace.getDefaultTraceCategories = () =>
    categories().filter((category) => !category.includes('v8-source-rundown'));
}

/** Readings of the host's benchmark index per run: the first two, while the browser still starts, read 10–15% low. */
const INDEX_READINGS = 5;

/**
 * One Lighthouse run as its own command line makes it, but in the headless shell (above): a browser
 * of its own, launched by chrome-launcher with Lighthouse's default flags (and the TLS proxy's
 * certificate trusted), the screen opened in its first tab. The CPU slowdown is calibrated to the
 * host as Lighthouse's docs ask (`--throttling.cpuSlowdownMultiplier`): the host's benchmark index,
 * measured in that browser just before (once it has started), scales the 4× meant for a high-end
 * desktop, so a phone of one class is simulated however busy this shared machine is. (Its index
 * moved between 850 and 1,750 within minutes; at 4× the same build's blocking time moved from 378
 * to 2,225 ms, whether the browser was kept across screens or fresh: docs/performance.md,
 * «Lighthouse as a phone».) Once the page's document came, its renderer's main thread runs first on
 * this host's cores (renderer-first.ts), as a phone's has a core of its own.
 */
async function lighthouseRun(url: string, tlsFlag: string): Promise<Run> {
  const chrome = await chromeLauncher.launch({
    chromePath: HEADLESS_SHELL,
    chromeFlags: ['--no-sandbox', tlsFlag],
  });
  const first = keepRendererFirst(chrome.pid);
  try {
    const browser = await puppeteer.connect({
      browserURL: `http://127.0.0.1:${chrome.port}`,
      defaultViewport: null,
    });
    const [page = await browser.newPage()] = await browser.pages();
    // The median of the last three of five readings (a second each): the first two, taken while the
    // browser is still starting, read 10–15% below the rest.
    const readings: number[] = [];
    for (let reading = 0; reading < INDEX_READINGS; reading += 1) {
      readings.push(await page.evaluate(pageFunctions.computeBenchmarkIndex));
    }
    const hostIndex = readings.slice(-3).toSorted((a, b) => a - b)[1] ?? 0;
    const cpuSlowdownMultiplier =
      (throttling.mobileSlow4G.cpuSlowdownMultiplier * hostIndex) / REFERENCE_BENCHMARK_INDEX;
    await page.evaluateOnNewDocument(TELEGRAM_PROXY_SCRIPT);
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && frame.url().startsWith('https:')) first.start();
    });
    const run = await lighthouse(
      url,
      {
        logLevel: 'error',
        onlyCategories: ['performance'],
        throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier },
      },
      undefined,
      page,
    );
    const renderer = first.stop();
    await browser.disconnect();
    if (!run || run.lhr.runtimeError)
      return { outcome: run?.lhr.runtimeError?.code ?? 'no result', renderer };
    return {
      outcome: run.lhr,
      renderer,
      onCpuMs: traceBlockingOnCpuMs(run.artifacts.Trace, cpuSlowdownMultiplier),
    };
  } finally {
    first.stop();
    chrome.kill();
  }
}

const numeric = (lhr: Result, audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;
const scoreOf = (lhr: Result) => Math.round((lhr.categories.performance?.score ?? 0) * 100);
const slowdownOf = (lhr: Result) => lhr.configSettings.throttling.cpuSlowdownMultiplier ?? Number.NaN;
const rangeOf = (values: number[]): [number, number] => [Math.min(...values), Math.max(...values)];

/**
 * Lighthouse's figures of one screen from its runs: the run Lighthouse itself calls the median
 * (closest to the median first paint and time to interactive), and the spread. A run Lighthouse
 * gave up on for any other reason than a lost trace (it sometimes misses the first paint on a busy
 * machine) is counted, not hidden; those made again are named too.
 */
function summarise(name: string, made: Run[], again: string[]): LighthouseScore {
  const reports = made.flatMap(({ outcome }) => (typeof outcome === 'string' ? [] : [outcome]));
  const runs = filterToValidRuns(reports);
  const lost = [
    ...made.flatMap(({ outcome }) => (typeof outcome === 'string' ? [outcome] : [])),
    ...reports.filter((run) => !runs.includes(run)).map(() => 'no figures'),
  ];
  const waits = made.flatMap(({ renderer }) => (renderer.time ? [renderer.time.waitingMs] : []));
  const notFirst = made.find(({ renderer }) => renderer.refused)?.renderer.refused;
  const onCpu = made.flatMap(({ onCpuMs }) => (onCpuMs === undefined ? [] : [onCpuMs]));
  const common = {
    page: name,
    runs: runs.length,
    made: made.length,
    lost,
    again,
    coreWaitRange: waits.length > 0 ? rangeOf(waits) : [Number.NaN, Number.NaN],
    onCpuRange: onCpu.length > 0 ? rangeOf(onCpu) : [Number.NaN, Number.NaN],
    ...(notFirst ? { notFirst } : {}),
  } satisfies Partial<LighthouseScore>;
  if (runs.length === 0) {
    return {
      ...common,
      performance: Number.NaN,
      fcpMs: Number.NaN,
      lcpMs: Number.NaN,
      tbtMs: Number.NaN,
      unusedJsBytes: 0,
      performanceRange: [Number.NaN, Number.NaN],
      tbtRange: [Number.NaN, Number.NaN],
      held: 0,
      slowdownRange: [Number.NaN, Number.NaN],
      benchmarkIndex: Number.NaN,
      cpuSlowdown: Number.NaN,
    };
  }
  const median = computeMedianRun(runs);
  return {
    ...common,
    performance: scoreOf(median),
    fcpMs: numeric(median, 'first-contentful-paint'),
    lcpMs: numeric(median, 'largest-contentful-paint'),
    tbtMs: numeric(median, 'total-blocking-time'),
    unusedJsBytes:
      (median.audits['unused-javascript']?.details as { overallSavingsBytes?: number } | undefined)
        ?.overallSavingsBytes ?? 0,
    performanceRange: rangeOf(runs.map(scoreOf)),
    tbtRange: rangeOf(runs.map((run) => numeric(run, 'total-blocking-time'))),
    held: runs.filter((run) => scoreOf(run) >= 95 && numeric(run, 'total-blocking-time') <= 200).length,
    slowdownRange: rangeOf(runs.map(slowdownOf)),
    benchmarkIndex: median.environment.benchmarkIndex,
    cpuSlowdown: slowdownOf(median),
  };
}

/**
 * Lighthouse's errors for a trace it failed to record, whose message is «run Lighthouse again»:
 * NO_NAVSTART came about once in 20 runs here (the tab's first renderer is swapped for the site's,
 * whose first events the trace can miss). Such a run says nothing of the page; it is made again,
 * twice at most, and said.
 */
const TRACE_LOST = new Set(['NO_TRACING_STARTED', 'NO_RESOURCE_REQUEST', 'NO_NAVSTART', 'NO_DCL', 'NO_FMP']);

/**
 * Lighthouse's mobile run (its simulated slow 4G and mid phone) of each page `LIGHTHOUSE_RUNS`
 * times, the pages taking turns: a page's runs spread over the minutes the others' take, so that
 * the machine's drift falls on all of them alike.
 */
async function scoreInTurns(
  pages: Array<[name: string, url: string]>,
  tlsFlag: string,
): Promise<LighthouseScore[]> {
  const scored = pages.map(([name, url]) => ({
    name,
    url,
    runs: [] as Run[],
    again: [] as string[],
  }));
  const lostTrace = ({ outcome }: Run) => typeof outcome === 'string' && TRACE_LOST.has(outcome);
  for (let turn = 0; turn < LIGHTHOUSE_RUNS; turn += 1) {
    for (const page of scored) {
      let run = await lighthouseRun(page.url, tlsFlag);
      for (let tries = 1; lostTrace(run) && tries < 3; tries += 1) {
        page.again.push(String(run.outcome));
        run = await lighthouseRun(page.url, tlsFlag);
      }
      page.runs.push(run);
    }
  }
  return scored.map(({ name, runs, again }) => summarise(name, runs, again));
}

/**
 * What a phone meets: each screen's JavaScript on the wire, and Lighthouse on Home and My QR beside
 * React alone (bare-react.ts), scored in the same run at the same slowdown. Lighthouse's pages come
 * as a phone gets them, over HTTPS and HTTP/2 through a TLS proxy (tls-front.ts): over plain HTTP/1.1
 * its simulation spread My QR's 17 scripts over six connections, a handshake each, and drew the
 * first paint after them, where the app's own first tasks no longer counted (docs/performance.md,
 * «Lighthouse as a phone»).
 */
export async function measureWeb(base: string, botToken: string) {
  withoutSourceRundown();
  const browser = await launchChromium();
  const routes = await weighRoutes(browser, base, botToken).finally(() => browser.close());
  // Each run's browser is its own, and the one that weighed the screens is gone before they start.
  const bareReact = await startBareReact();
  const front = await startTlsFront([base, bareReact.url]).catch(async (error: unknown) => {
    await bareReact.stop();
    throw error;
  });
  try {
    const lighthouseScores = await scoreInTurns(
      [
        ['React alone (yardstick)', front.through(bareReact.url)],
        ['Home', front.through(launchUrl(base, paths.home.getHref(), MEMBER, botToken))],
        ['My QR', front.through(launchUrl(base, paths.myCoupons.getHref(), MEMBER, botToken))],
      ],
      front.chromeFlag,
    );
    return { routes, lighthouse: lighthouseScores };
  } finally {
    await front.stop();
    await bareReact.stop();
  }
}
