import type { ReactNode } from 'react';
import { ClockZone } from '@/hooks/clock-zone';
import { useUser } from '../api/get-me';

/** Screens read times in the server's zone once /api/me (or the state saved from it) names it. */
export function ServerClock({ children }: { children: ReactNode }) {
  const timeZone = useUser()?.timeZone;
  return timeZone ? <ClockZone value={timeZone}>{children}</ClockZone> : children;
}
