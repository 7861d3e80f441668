import { useState } from 'react';
import type { TMyCoupon } from '#contract/purchases';
import { Button } from '@/components/ui/button';
import { ConfirmStep } from '@/components/ui/confirm-step';
import { useOncePerPress } from '@/hooks/use-once-per-press';
import { errorMessage } from '@/lib/api-client';
import { useRefundMyCoupon } from '../api/refund-my-coupon';
import { refundTexts } from '../refund-texts';

export type RefundOutcome = { tone: 'success' | 'error'; text: string };

type RefundCouponProps = {
  coupon: TMyCoupon & { refundAmount: number };
  /** What became of the request: told to the screen, which keeps it in view after the coupon leaves the list. */
  onOutcome: (outcome: RefundOutcome) => void;
};

/**
 * «Вернуть деньги» under a coupon its holder paid for, behind a confirmation that says how much
 * comes back and that the QR stops working. The confirming press acts once however often it is tapped.
 */
export function RefundCoupon({ coupon, onOutcome }: RefundCouponProps) {
  const [confirming, setConfirming] = useState(false);
  const refund = useRefundMyCoupon();
  const press = useOncePerPress();
  const amount = coupon.refundAmount;

  const confirm = () =>
    press.press(() =>
      refund.mutate(coupon.id, {
        onSuccess: ({ status }) =>
          onOutcome({
            tone: 'success',
            text: status === 'REFUNDED' ? refundTexts.refunded(amount) : refundTexts.pending(amount),
          }),
        onError: (error) => onOutcome({ tone: 'error', text: errorMessage(error) }),
        onSettled: () => {
          setConfirming(false);
          press.release();
        },
      }),
    );

  return confirming ? (
    <ConfirmStep
      question={refundTexts.question(amount, coupon.companyName)}
      detail={refundTexts.detail}
      confirm={refundTexts.confirm}
      cancel={refundTexts.cancel}
      pending={refund.isPending}
      onConfirm={confirm}
      onCancel={() => setConfirming(false)}
    />
  ) : (
    <Button variant="secondary" onClick={() => setConfirming(true)}>
      {refundTexts.button}
    </Button>
  );
}
