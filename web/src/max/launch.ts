import { applyColorScheme, systemColorScheme } from '@/lib/color-scheme';
import type { LaunchState } from '@/messenger/launch';
import { maxLaunchQuery } from './launch-params';

/**
 * Decides at page load whether MAX launched the app, and if so fetches MAX's adapter (a chunk of its
 * own, which a Telegram launch never loads) and starts it.
 */
export function launchMax(): LaunchState | Promise<LaunchState> {
  const query = maxLaunchQuery();
  if (!query) return 'outside';
  // MAX gives the app no palette: the phone's light or dark from the first paint.
  applyColorScheme(systemColorScheme());
  return import('./adapter').then(
    ({ startMax }) => startMax(query),
    (error: unknown) => {
      console.error("MAX's adapter could not be loaded", error);
      return 'failed' as const;
    },
  );
}
