import { applyReadableColors } from './readable-colors';

export type ColorScheme = 'light' | 'dark';

export const systemColorScheme = (): ColorScheme =>
  window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';

/**
 * The styles pick their palette by `data-theme`; native controls follow `color-scheme`. The
 * palette's readable variants are derived again each time, for the theme now in force.
 */
export function applyColorScheme(scheme: ColorScheme): void {
  document.documentElement.dataset.theme = scheme;
  document.documentElement.style.colorScheme = scheme;
  applyReadableColors();
}
