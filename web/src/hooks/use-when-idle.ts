import { useEffect, useState } from 'react';
import { whenIdle } from '@/lib/when-idle';

/** False until the page has been drawn and is idle (lib/when-idle), then true for good. */
export function useWhenIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle;
}
