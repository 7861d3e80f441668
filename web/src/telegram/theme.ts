import { applyColorScheme } from '@/lib/color-scheme';
import { on } from './bridge';
import type { ThemeParams } from './launch-params';

/** Telegram's rule for a dark palette: the background's perceived brightness under 120 of 255. */
function isDark(backgroundColor: string | undefined): boolean {
  if (!backgroundColor || !/^#[0-9a-f]{6}$/i.test(backgroundColor)) return false;
  const brightness = [0.299, 0.587, 0.114].reduce((sum, weight, i) => {
    const channel = Number.parseInt(backgroundColor.slice(1 + i * 2, 3 + i * 2), 16);
    return sum + channel * channel * weight;
  }, 0);
  return Math.sqrt(brightness) < 120;
}

let palette: ThemeParams = {};

/** The palette as CSS variables, `bg_color` as `--tg-theme-bg-color`, which the styles read. */
function applyTheme(theme: ThemeParams): void {
  palette = theme;
  const style = document.documentElement.style;
  for (const [key, value] of Object.entries(theme))
    if (typeof value === 'string') style.setProperty(`--tg-theme-${key.replaceAll('_', '-')}`, value);
  applyColorScheme(isDark(theme.bg_color) ? 'dark' : 'light');
}

/** The app's palette is Telegram's, which may differ from the OS setting, and follows its changes. */
export function followTheme(launchTheme: ThemeParams): void {
  applyTheme(launchTheme);
  on('theme_changed', (payload) => {
    if (payload?.theme_params) applyTheme(payload.theme_params);
  });
}

/** The colour the theme gives a key, for Telegram's own buttons. */
export const themeColor = (key: string): string | undefined => palette[key];
