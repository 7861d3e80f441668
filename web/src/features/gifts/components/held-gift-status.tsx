import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { useClock } from '@/hooks/use-clock';
import { useCancelHeldGift } from '../api/cancel-held-gift';
import { giftTexts } from '../texts';

type HeldGiftStatusProps = {
  giftId: number;
  toUsername: string;
  /** When it goes back to the giver unless claimed (ISO time). */
  heldUntil: string;
  /** The coupon is the giver's again: the screen stops offering to tell the friend. */
  onCanceled: () => void;
};

/** A held gift's outcome: whom it waits for and until when, and its cancel (ADR 0012). */
export function HeldGiftStatus({ giftId, toUsername, heldUntil, onCanceled }: HeldGiftStatusProps) {
  const cancel = useCancelHeldGift();
  const clock = useClock();

  if (cancel.isSuccess) return <Notice tone="success">{giftTexts.canceled}</Notice>;
  return (
    <>
      <Notice tone="info" detail={giftTexts.waitsUntilNote(toUsername)}>
        {giftTexts.waitsUntil(toUsername, clock.dateTime(heldUntil))}
      </Notice>
      <Button
        busy={cancel.isPending && giftTexts.canceling}
        variant="secondary"
        onClick={() => cancel.mutate(giftId, { onSuccess: onCanceled })}
      >
        {giftTexts.cancel}
      </Button>
      {cancel.error && <Notice tone="error">{cancel.error.message}</Notice>}
    </>
  );
}
