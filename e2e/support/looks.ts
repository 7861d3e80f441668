import { expect, type Page } from '@playwright/test';

/**
 * Waits until the screen holds still, for a check of its colours or a picture: nothing scrolls (the
 * window, or a track such as My QR's slider, smoothly scrolled) and no finite animation or
 * transition is running.
 */
export async function untilStill(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<boolean>((resolve) => {
            const scrolled = () =>
              [document.scrollingElement, ...document.querySelectorAll('*')]
                .map((element) => `${element?.scrollLeft ?? 0},${element?.scrollTop ?? 0}`)
                .join(';');
            const moving = () =>
              document
                .getAnimations()
                .some(
                  (animation) =>
                    animation.playState === 'running' &&
                    animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY,
                );
            const before = scrolled();
            let frames = 0;
            const watch = () => {
              if (moving() || scrolled() !== before) return resolve(false);
              if (++frames === 10) return resolve(true);
              requestAnimationFrame(watch);
            };
            requestAnimationFrame(watch);
          }),
      ),
    )
    .toBe(true);
}

export type Theme = 'light' | 'dark';
const BOTH_THEMES: readonly Theme[] = ['light', 'dark'];

/**
 * The themes a looks test walks its screens in. Both on a developer's machine; in CI one, picked
 * from the test's name (the same in every process that lists the tests, so a title never changes
 * between the runner and its worker), which halves those tests' time while a run still walks some
 * screens in each theme.
 */
export function themesToWalk(name: string): readonly Theme[] {
  if (!process.env.CI) return BOTH_THEMES;
  let sum = 0;
  for (const char of name) sum += char.charCodeAt(0);
  return [BOTH_THEMES[sum % 2] as Theme];
}
