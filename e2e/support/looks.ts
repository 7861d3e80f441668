import { expect, type Page } from '@playwright/test';

/**
 * Waits until the screen holds still for a picture: nothing scrolls (the window, or a track such as
 * My QR's slider, smoothly scrolled) and no finite animation or transition is running.
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
