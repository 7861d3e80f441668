import { Notice } from '@/components/ui/notice';
import { useClock } from '@/hooks/use-clock';
import { formatCountdown, useCountdown } from '@/hooks/use-countdown';
import { texts } from '../texts';
import './held-for-you.css';

/** A unit the line holds for the caller: until when, and how long is left. */
export function HeldForYou({ until }: { until: string }) {
  const clock = useClock();
  const left = useCountdown(until);
  return (
    <Notice tone="info">
      {texts.heldForYou(clock.dateTime(until))}
      <br />
      <span className="held-for-you__countdown">{texts.heldCountdown(formatCountdown(left))}</span>
    </Notice>
  );
}
