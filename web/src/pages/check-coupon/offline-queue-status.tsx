import { qrValue } from '#contract/coupon-qr';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Section } from '@/components/ui/section';
import { dismiss } from '@/features/redemption/offline/offline-redemptions';
import { useOfflineState } from '@/features/redemption/offline/use-offline-state';
import { useClock } from '@/hooks/use-clock';
import { texts } from './texts';

/**
 * How many redemptions made with no signal wait to be sent, and those the server did not accept: a
 * conflict says who used the coupon and when. They stay until the partner has read them.
 */
export function OfflineQueueStatus({ owner }: { owner: string }) {
  const { owner: loadedFor, pending, refused } = useOfflineState();
  const clock = useClock();
  if (loadedFor !== owner || (pending.length === 0 && refused.length === 0)) return null;
  return (
    <Section title={texts.offline.section}>
      {pending.length > 0 && <Notice tone="info">{texts.offline.pending(pending.length)}</Notice>}
      {refused.map((item) => (
        <div className="check-coupon__refused" key={item.nonce}>
          <Notice
            tone="error"
            detail={`${item.message} ${texts.offline.redeemedHereAt(clock.dateTime(item.redeemedAt))}`}
          >
            {item.outcome === 'conflict' ? texts.offline.conflict : texts.offline.refused}:{' '}
            {texts.offline.refusedCoupon(
              qrValue(item.fields, 'telegramName'),
              qrValue(item.fields, 'discount'),
            )}
          </Notice>
          <Button variant="secondary" onClick={() => void dismiss(owner, item.nonce)}>
            {texts.offline.understood}
          </Button>
        </div>
      ))}
    </Section>
  );
}
