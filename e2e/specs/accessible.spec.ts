import type { Page } from '@playwright/test';
import { namedPalettes } from '#test-support/telegram-palettes';
import { contrastViolations, seriousViolations, type Violation } from '../support/axe.ts';
import { DEMO } from '../support/constants.ts';
import { type Theme, untilStill } from '../support/looks.ts';
import { buyCoupon } from '../support/purchases.ts';
import { everyScreen, type Screen } from '../support/screens.ts';
import { DARK_THEME, emitTelegramEvent, openAsTelegram } from '../support/telegram.ts';
import { expect, test } from '../support/test.ts';

/** WCAG 2.5.5 (AAA) and Apple's and Telegram's own guides: a thumb hits 44×44 CSS px. */
const THUMB_PX = 44;

/**
 * Controls on the page whose hit area (the bounding box of the control, or of the label a checkbox
 * or file input is pressed through) is smaller than a thumb, as «name: width×height». A link inside
 * a sentence is exempt, as WCAG's «inline» exception has it: its line height is the sentence's.
 */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((thumb) => {
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"]',
    );
    const inSentence = (element: HTMLElement) =>
      getComputedStyle(element).display === 'inline' &&
      [...(element.parentElement?.childNodes ?? [])].some(
        (node) => node !== element && node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
      );
    const small: string[] = [];
    for (const control of controls) {
      const throughLabel =
        control instanceof HTMLInputElement && ['checkbox', 'radio', 'file'].includes(control.type);
      const pressed = throughLabel && control.labels?.[0] ? control.labels[0] : control;
      const style = getComputedStyle(pressed);
      const box = pressed.getBoundingClientRect();
      if (style.visibility === 'hidden' || box.width === 0 || box.height === 0) continue;
      if (control.closest('[aria-hidden="true"], [inert]') || inSentence(control)) continue;
      if (box.width >= thumb && box.height >= thumb) continue;
      const name = (control.getAttribute('aria-label') ?? control.textContent ?? control.tagName).trim();
      small.push(`${name.slice(0, 40)}: ${Math.round(box.width)}×${Math.round(box.height)}`);
    }
    return small;
  }, THUMB_PX);
}

/** Texts wider than the box that holds them (a label running out of its tile), as «text: overflow px». */
function overflowingTexts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('h1, h2, h3, p, dt, dd, span, label, button')]
      .filter(
        (element) =>
          element.clientWidth > 0 &&
          getComputedStyle(element).overflowX === 'visible' &&
          element.scrollWidth > element.clientWidth + 1,
      )
      .map(
        (element) =>
          `${element.textContent?.trim().slice(0, 40)}: ${element.scrollWidth - element.clientWidth}`,
      ),
  );
}

/** The screen's findings in one theme, keyed «path as user (theme)». */
type Findings = {
  violations: Record<string, Violation[]>;
  small: Record<string, string[]>;
  overflowing: Record<string, string[]>;
};

async function check(page: Page, screen: Screen, theme: Theme, findings: Findings) {
  await untilStill(page);
  const key = `${screen.path} as ${screen.as.username} (${theme})`;
  const violations = await seriousViolations(page);
  if (violations.length > 0) findings.violations[key] = violations;
  const targets = await smallTargets(page);
  if (targets.length > 0) findings.small[key] = targets;
  const overflows = await overflowingTexts(page);
  if (overflows.length > 0) findings.overflowing[key] = overflows;
}

/** Telegram switching the app's palette to dark while it runs, as a client does when its theme changes. */
async function switchToDark(page: Page) {
  await page.emulateMedia({ colorScheme: 'dark' });
  await emitTelegramEvent(page, 'theme_changed', { theme_params: DARK_THEME });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
}

// Named to sort first: Playwright hands files to its workers in name order, and these are the
// suite's longest tests; begun last, they alone kept workers busy after the rest was done.
test.describe('readable in both Telegram themes', () => {
  // Each screen is opened once, checked in the light theme, then switched to dark while it runs
  // (the app follows Telegram's theme_changed) and checked again: half the page loads of opening it
  // in each theme. The screens are split in two halves that run side by side, one a worker.
  test.describe.configure({ mode: 'parallel' });
  test.setTimeout(300_000);

  for (const half of [0, 1] as const) {
    test(`every screen meets WCAG 2.2 AA, its targets thumb-sized, in the light and dark themes (part ${half + 1} of 2)`, async ({
      page,
      request,
    }) => {
      const coupon = await buyCoupon(request, DEMO.member);
      const all = everyScreen(coupon);
      const middle = Math.ceil(all.length / 2);
      const findings: Findings = { violations: {}, small: {}, overflowing: {} };
      for (const screen of half === 0 ? all.slice(0, middle) : all.slice(middle)) {
        await openAsTelegram(page, screen.as, { path: screen.path, theme: 'light' });
        await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
        await expect(page.locator('.spinner')).toHaveCount(0);
        await check(page, screen, 'light', findings);
        await switchToDark(page);
        await check(page, screen, 'dark', findings);
      }
      expect(findings.violations).toEqual({});
      expect(findings.small).toEqual({});
      expect(findings.overflowing).toEqual({});
    });
  }
});

// The two themes above are Telegram Web A's; the other clients send palettes of their own
// (test-support/telegram-palettes.ts). Every colour pair the styles draw is checked under each of
// them by readable-palettes.test.ts; here a few screens rich in colours prove it on the page. Each
// screen is opened once and handed the palettes as Telegram hands a changed theme, which costs a
// tenth of opening it under each.
test('Home, My QR and Purchases meet WCAG’s contrast in every palette Telegram’s clients send', async ({
  page,
  request,
}) => {
  await buyCoupon(request, DEMO.member);
  const found: Record<string, Violation[]> = {};
  for (const screen of [
    { path: '/', heading: 'КАТАЙСЯ С НАМИ', as: DEMO.member },
    { path: '/my-coupons', heading: 'МОИ QR', as: DEMO.member },
    { path: '/purchases', heading: 'ПОКУПКИ', as: DEMO.admin },
  ]) {
    await openAsTelegram(page, screen.as, { path: screen.path });
    await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
    await expect(page.locator('.spinner')).toHaveCount(0);
    for (const { name, palette } of namedPalettes()) {
      await emitTelegramEvent(page, 'theme_changed', { theme_params: palette });
      await expect
        .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor))
        .toBe(rgbOf(palette.bg_color));
      await untilStill(page);
      const violations = await contrastViolations(page);
      if (violations.length > 0) found[`${screen.path} in ${name}`] = violations;
    }
  }
  expect(found).toEqual({});
});

/** `#rrggbb` as a computed style gives it, `rgb(r, g, b)`. */
const rgbOf = (hex = '') =>
  `rgb(${[1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)).join(', ')})`;
