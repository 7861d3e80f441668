import { useEffect, useState } from 'react';
import { whenIdle } from '@/lib/when-idle';

/**
 * False until the page has been drawn and is idle (lib/when-idle) once `ready` (what the screen
 * draws first has come), then true for good.
 */
export function useWhenIdle(ready = true): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => (ready && !idle ? whenIdle(() => setIdle(true)) : undefined), [ready, idle]);
  return idle;
}
