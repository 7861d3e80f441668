import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { createPersistedStore, usePersistedValue } from '@/lib/local-storage';
import { useOfflineShellState } from '@/lib/offline-shell';
import './no-offline-shell-notice.css';

/** Which screens have told this phone that it opens the app only with a signal. */
const toldStore = createPersistedStore<string[]>(
  'katajsya.noOfflineShellTold',
  (value) => (Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : undefined),
  [],
);

/**
 * Where the offline shell cannot install (Telegram for iOS has no service workers), says once, on
 * the screen that matters with no signal, what to do before leaving the signal; «Понятно» puts it
 * away for good on this phone.
 */
export function NoOfflineShellNotice({
  screen,
  text,
  understood,
}: {
  /** Names the screen: each tells it once. */
  screen: string;
  text: string;
  understood: string;
}) {
  const shell = useOfflineShellState();
  const told = usePersistedValue(toldStore);
  if (shell !== 'unavailable' || told.includes(screen)) return null;
  return (
    <div className="no-offline-shell">
      <Notice tone="info">{text}</Notice>
      <Button variant="secondary" onClick={() => toldStore.set([...told, screen])}>
        {understood}
      </Button>
    </div>
  );
}
