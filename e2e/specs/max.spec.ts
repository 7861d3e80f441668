import { MY_COUPONS_START_PARAM } from '#contract/start-params';
import { seriousViolations } from '../support/axe.ts';
import { CONSENT, DEMO_OFFER, PAY, showOffersOf } from '../support/buying.ts';
import { DEMO } from '../support/constants.ts';
import { untilStill } from '../support/looks.ts';
import {
  E2E_MAX_URL,
  MAX_MEMBERS,
  maxBridgeCalls,
  openAsMax,
  pressMaxBackButton,
  SERVER_START_BOUND_MS,
  startServerWithMax,
} from '../support/max.ts';
import { DEMO_COMPANY, DEMO_REGION } from '../support/purchases.ts';
import { openAsTelegram } from '../support/telegram.ts';
import { expect, test } from '../support/test.ts';

const MAX_BRIDGE_SCRIPT = 'https://st.max.ru/js/max-web-app.js';

/** The scripts of MAX's adapter (its own chunk) and MAX's bridge, of all the page asked for. */
const maxScripts = (urls: string[]) => urls.filter((url) => /\/assets\/adapter-|st\.max\.ru/.test(url));

test.describe('the app opened in MAX', () => {
  let stopServer: (() => Promise<void>) | undefined;

  test.beforeAll(async () => {
    // A server of its own, with MAX's bot beside Telegram's; its start is bounded by startServer's wait.
    test.setTimeout(SERVER_START_BOUND_MS + 30_000);
    stopServer = await startServerWithMax(Object.values(MAX_MEMBERS));
  });

  test.afterAll(async () => {
    await stopServer?.();
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`reaches the catalogue and My QR at 390×844 in the ${theme} theme, with MAX's back button and nothing for axe`, async ({
      page,
    }) => {
      const member = MAX_MEMBERS[theme];
      const authorizations: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/'))
          authorizations.push(request.headers().authorization ?? '');
      });
      await openAsMax(page, member, { theme });

      // Home, in the phone's theme, MAX's header button hidden there.
      const catalogue = page.getByRole('button', { name: 'СКИДКИ ПАРТНЕРОВ' });
      await expect(catalogue).toBeInViewport();
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      await expect
        .poll(async () => (await maxBridgeCalls(page)).map(([method]) => method))
        .toContain('ready');
      expect((await maxBridgeCalls(page)).map(([method]) => method)).toContain('BackButton.hide');
      await untilStill(page);
      expect(await seriousViolations(page)).toEqual([]);

      // The catalogue, and back home by MAX's own back button.
      await catalogue.click();
      await expect(page.getByRole('heading', { name: 'СКИДКИ', exact: true })).toBeVisible();
      await expect
        .poll(async () => (await maxBridgeCalls(page)).map(([method]) => method).slice(-2))
        .toEqual(['BackButton.onClick', 'BackButton.show']);
      await untilStill(page);
      expect(await seriousViolations(page)).toEqual([]);
      await pressMaxBackButton(page);
      await expect(catalogue).toBeInViewport();

      // My QR, as a `max.ru/<bot>?startapp=my-coupons` link opens it.
      await openAsMax(page, member, { theme, startParam: MY_COUPONS_START_PARAM });
      await expect(page.getByRole('heading', { name: 'МОИ QR' })).toBeVisible();
      await untilStill(page);
      expect(await seriousViolations(page)).toEqual([]);
      // MAX is named where the app names the messenger, never Telegram.
      await expect(page.getByText(/Telegram/)).toHaveCount(0);

      // Every request went signed with MAX's init data, under MAX's scheme.
      expect(authorizations.length).toBeGreaterThan(0);
      expect(authorizations.every((authorization) => authorization.startsWith('max '))).toBe(true);
    });
  }

  test("a MAX member buys through the payment page MAX's openLink opens, and finds the coupon in My QR", async ({
    page,
    context,
  }) => {
    await openAsMax(page, MAX_MEMBERS.buyer, { path: '/buy-coupons' });
    await showOffersOf(page, { region: DEMO_REGION, partnerType: 'ШКОЛА', companyName: DEMO_COMPANY });
    await page.getByRole('button', { name: DEMO_OFFER }).click();
    // MAX draws no bottom button: the screen's own pays.
    await page.getByRole('checkbox', { name: CONSENT }).check();
    await page.getByRole('button', { name: PAY }).click();
    await expect(page.getByText('Страница оплаты открыта')).toBeVisible();

    const opened = (await maxBridgeCalls(page)).filter(([method]) => method === 'openLink');
    expect(opened).toEqual([['openLink', expect.stringMatching(/\/api\/payments\/sandbox\/[0-9a-f-]{36}$/)]]);
    const checkout = await context.newPage();
    await checkout.goto(String(opened[0]?.[1]));
    await checkout.getByRole('button', { name: 'Оплатить' }).click();
    await expect(checkout.getByRole('heading', { name: 'Оплата прошла' })).toBeVisible();
    await checkout.close();

    await expect(page.getByRole('heading', { name: 'Оплата прошла?' })).toBeVisible();
    await page.getByRole('button', { name: 'Да' }).click();
    await expect(page.getByRole('heading', { name: 'МОИ QR' })).toBeVisible();
    const slide = page.locator('.slider__slide:not([aria-hidden])');
    await expect(slide.getByRole('heading', { name: DEMO_COMPANY })).toBeVisible();
    await untilStill(page);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a MAX launch without init data asks to open the app in MAX, in words and colours axe passes', async ({
    page,
  }) => {
    await page.goto(`${E2E_MAX_URL}/#WebAppData=&WebAppPlatform=ios&WebAppVersion=26.2.8`);
    await expect(page.getByRole('heading', { name: 'Откройте приложение в MAX' })).toBeVisible();
    await expect(
      page.getByText('Найдите бота сплавного чата в MAX и откройте приложение кнопкой в чате с ним.'),
    ).toBeVisible();
    await expect(page.getByText(/Telegram/)).toHaveCount(0);
    await untilStill(page);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("the page's policy admits MAX's bridge script, and MAX's web client may frame the app", async ({
    request,
  }) => {
    const policy = (await request.get(`${E2E_MAX_URL}/`)).headers()['content-security-policy'] ?? '';
    expect(policy).toMatch(new RegExp(`script-src [^;]*${MAX_BRIDGE_SCRIPT.replaceAll('.', '\\.')}`));
    expect(policy).toMatch(/frame-ancestors [^;]*https:\/\/web\.max\.ru/);
  });

  test("a MAX launch fetches MAX's adapter, and a Telegram launch neither it nor MAX's script", async ({
    page,
  }) => {
    const asked: string[] = [];
    page.on('request', (request) => asked.push(request.url()));
    await openAsMax(page, MAX_MEMBERS.light);
    await expect(page.getByRole('button', { name: 'СКИДКИ ПАРТНЕРОВ' })).toBeVisible();
    // The page had MAX's bridge already: MAX's script is not loaded again.
    expect(maxScripts(asked)).toEqual([expect.stringMatching(/\/assets\/adapter-[\w-]+\.js$/)]);

    asked.length = 0;
    await openAsTelegram(page, DEMO.member);
    await expect(page.getByRole('button', { name: 'СКИДКИ ПАРТНЕРОВ' })).toBeVisible();
    expect(maxScripts(asked)).toEqual([]);
  });
});
