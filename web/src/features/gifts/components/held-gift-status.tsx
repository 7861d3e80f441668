import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/dates';
import { useCancelHeldGift } from '../api/cancel-held-gift';
import { giftTexts } from '../texts';

type HeldGiftStatusProps = {
  giftId: number;
  toUsername: string;
  /** When it goes back to the giver unless claimed (ISO time). */
  heldUntil: string;
  /** The coupon is the giver's again: My QR is to be asked afresh. */
  onCanceled: () => void;
};

/** A held gift's outcome: whom it waits for and until when, and its cancel (ADR 0012). */
export function HeldGiftStatus({ giftId, toUsername, heldUntil, onCanceled }: HeldGiftStatusProps) {
  const cancel = useCancelHeldGift();

  if (cancel.isSuccess) return <Notice tone="success">{giftTexts.canceled}</Notice>;
  return (
    <>
      <Notice tone="info" detail={giftTexts.waitsUntilNote(toUsername)}>
        {giftTexts.waitsUntil(toUsername, formatDateTime(heldUntil))}
      </Notice>
      <Button
        variant="secondary"
        disabled={cancel.isPending}
        pressed={cancel.isPending}
        onClick={() => cancel.mutate(giftId, { onSuccess: onCanceled })}
      >
        {cancel.isPending ? <Spinner label={giftTexts.canceling} /> : giftTexts.cancel}
      </Button>
      {cancel.error && <Notice tone="error">{cancel.error.message}</Notice>}
    </>
  );
}
