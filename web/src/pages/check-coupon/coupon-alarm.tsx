import { useLayoutEffect, useRef } from 'react';
import { useIntoViewWhenShown } from '@/hooks/use-into-view-when-shown';
import { vibrateFor } from '@/messenger/haptics';

/** Why a scanned coupon cannot be redeemed, and what is known of it (when, by whom). */
export type Alarm = { headline: string; lines: string[] };

/**
 * A coupon that must not be redeemed, said so it cannot be missed: a headline in the alarm's
 * colour, brought whole into view, with the phone's error buzz as it appears, and no redeem button
 * anywhere near it.
 */
export function CouponAlarm({ alarm }: { alarm: Alarm }) {
  const ref = useRef<HTMLDivElement>(null);
  useIntoViewWhenShown(ref, alarm.headline);
  // In the commit that shows it, as Telegram's buttons change (use-main-button.ts): felt as it is seen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new headline is a new alarm, buzzed anew.
  useLayoutEffect(() => vibrateFor('error'), [alarm.headline]);
  return (
    <div ref={ref} className="coupon-alarm" role="alert">
      <h3 className="coupon-alarm__headline">{alarm.headline}</h3>
      {alarm.lines.map((line) => (
        <p className="coupon-alarm__line" key={line}>
          {line}
        </p>
      ))}
    </div>
  );
}
