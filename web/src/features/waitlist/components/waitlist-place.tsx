import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { useOncePerPress } from '@/hooks/use-once-per-press';
import { errorMessage } from '@/lib/api-client';
import { useJoinWaitlist } from '../api/join-waitlist';
import { useLeaveWaitlist } from '../api/leave-waitlist';
import { texts } from '../texts';
import './waitlist-place.css';

/** The caller's place in the line of a sold-out offer, joined and left here. */
export function WaitlistPlace({ offerId, position }: { offerId: number; position: number | null }) {
  const join = useJoinWaitlist();
  const leave = useLeaveWaitlist();
  const press = useOncePerPress();
  const busy = join.isPending || leave.isPending;
  const failed = join.error ?? leave.error;
  return (
    <>
      {position === null ? (
        <Button
          disabled={busy}
          onClick={() => press.press(() => join.mutate(offerId, { onSettled: press.release }))}
        >
          {texts.joinWaitlist}
        </Button>
      ) : (
        <>
          <p className="waitlist-place">{texts.placeInLine(position)}</p>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => press.press(() => leave.mutate(offerId, { onSettled: press.release }))}
          >
            {texts.leaveWaitlist}
          </Button>
        </>
      )}
      {failed && <Notice tone="error">{errorMessage(failed)}</Notice>}
    </>
  );
}
