import { DEMO } from '../support/constants.ts';
import { type Theme, untilStill } from '../support/looks.ts';
import { buyCoupon } from '../support/purchases.ts';
import { everyScreen } from '../support/screens.ts';
import { drawTelegramBottomBar, openAsTelegram } from '../support/telegram.ts';
import { expect, test } from '../support/test.ts';

/**
 * Not a test: `npm run screens` draws every screen at a phone's 390×844 in Telegram's light and
 * dark themes, with Telegram's bottom bar where the client draws it, into test-results/looks/ for a
 * person to look at. No spec compares pictures: CI draws with whatever Chromium and fonts Debian
 * ships that day, so a reference would fail on their update rather than on a regression; the specs
 * assert what a person sees instead (on screen, in view, readable in both themes: accessible.spec.ts).
 */
const FOLDER = 'test-results/looks';
const THEMES: readonly Theme[] = ['light', 'dark'];

test('every screen, light and dark', async ({ page, request }) => {
  test.setTimeout(600_000);
  const coupon = await buyCoupon(request, DEMO.member);
  for (const screen of everyScreen(coupon)) {
    const name = `${screen.path.split('?')[0]?.slice(1) || 'home'}-${screen.as.username}`;
    for (const theme of THEMES) {
      await openAsTelegram(page, screen.as, { path: screen.path, theme });
      await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
      await expect(page.locator('.spinner')).toHaveCount(0);
      await untilStill(page);
      const removeBar = await drawTelegramBottomBar(page);
      await page.screenshot({ path: `${FOLDER}/${name}-${theme}.png`, fullPage: true });
      await removeBar();
    }
  }
});
