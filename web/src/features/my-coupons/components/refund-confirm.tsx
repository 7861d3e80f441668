import type { TMyCoupon } from '#contract/purchases';
import { ConfirmStep } from '@/components/ui/confirm-step';
import { useOncePerPress } from '@/hooks/use-once-per-press';
import { errorMessage } from '@/lib/api-client';
import { useRefundMyCoupon } from '../api/refund-my-coupon';
import { refundTexts } from '../refund-texts';

export type RefundOutcome = { tone: 'success' | 'error'; text: string };

export type RefundConfirmProps = {
  coupon: TMyCoupon & { refundAmount: number };
  /** What became of the request: told to the screen, which keeps it in view after the coupon leaves the list. */
  onOutcome: (outcome: RefundOutcome) => void;
  /** «Нет», or the request settled: the button comes back. */
  onClose: () => void;
};

/**
 * The confirmation behind «Вернуть деньги» (refund-coupon.tsx): how much comes back and that the QR
 * stops working. The confirming press acts once however often it is tapped.
 */
export function RefundConfirm({ coupon, onOutcome, onClose }: RefundConfirmProps) {
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
          press.release();
          onClose();
        },
      }),
    );

  return (
    <ConfirmStep
      question={refundTexts.question(amount, coupon.companyName)}
      detail={refundTexts.detail}
      confirm={refundTexts.confirm}
      cancel={refundTexts.cancel}
      pending={refund.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}
