import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { useCancelHeldGift } from '../api/cancel-held-gift';
import { giftTexts } from '../texts';

type HeldGiftStatusProps = {
  giftId: number;
  toUsername: string;
  /** The coupon is the giver's again: My QR is to be asked afresh. */
  onCanceled: () => void;
};

/** Under «Купон отправлен» for a held gift: whom it waits for, and its cancel (ADR 0012). */
export function HeldGiftStatus({ giftId, toUsername, onCanceled }: HeldGiftStatusProps) {
  const cancel = useCancelHeldGift();

  if (cancel.isSuccess) return <Notice tone="success">{giftTexts.canceled}</Notice>;
  return (
    <>
      <Notice tone="info" detail={giftTexts.waitsForNote}>
        {giftTexts.waitsFor(toUsername)}
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
