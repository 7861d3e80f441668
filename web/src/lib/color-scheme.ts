import { applyReadableColors } from './readable-colors';

export type ColorScheme = 'light' | 'dark';

export const systemColorScheme = (): ColorScheme =>
  window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';

/** Set while the app starts (`withReadableColorsAfter`): the readable variants wait for a task of their own. */
let startingUp = false;
/** A scheme was applied while starting: its readable variants are still to be derived. */
let derivePending = false;

/**
 * The styles pick their palette by `data-theme`; native controls follow `color-scheme`. The
 * palette's readable variants are derived again each time, for the theme now in force (while the
 * app starts, once, in the task after).
 */
export function applyColorScheme(scheme: ColorScheme): void {
  document.documentElement.dataset.theme = scheme;
  document.documentElement.style.colorScheme = scheme;
  if (startingUp) derivePending = true;
  else applyReadableColors();
}

/**
 * Runs the app's start, then derives the readable colours of the palette it applied (if it applied
 * one) in a task of their own, and says when they are set. Deriving them (a search over a
 * hundred-odd candidate colours, run cold, and the style recalculation it needs) was the largest
 * piece of the app's own work in the entry script's one long task (docs/performance.md,
 * «Lighthouse as a phone»); apart, the phone can answer a tap between the two. The first render
 * waits for them, as it waits for the first screen's chunk.
 */
export function withReadableColorsAfter<T>(start: () => T): { result: T; readableColors: Promise<void> } {
  startingUp = true;
  derivePending = false;
  let result: T;
  try {
    result = start();
  } finally {
    startingUp = false;
  }
  if (!derivePending) return { result, readableColors: Promise.resolve() };
  const readableColors = new Promise<void>((resolve) =>
    setTimeout(() => {
      applyReadableColors();
      resolve();
    }),
  );
  return { result, readableColors };
}
