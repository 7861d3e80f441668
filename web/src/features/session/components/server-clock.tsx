import type { ReactNode } from 'react';
import { DEFAULT_REPORT_TIME_ZONE } from '#contract/time-zone';
import { ClockZone } from '@/hooks/clock-zone';
import { useUser } from '../api/get-me';

/**
 * Screens read times in the server's zone once /api/me (or the state saved from it) names it. The
 * provider stays in the tree while the user is unknown (a start, an erasure): taking it out would
 * remount every screen and lose what it shows.
 */
export function ServerClock({ children }: { children: ReactNode }) {
  const timeZone = useUser()?.timeZone ?? DEFAULT_REPORT_TIME_ZONE;
  return <ClockZone value={timeZone}>{children}</ClockZone>;
}
