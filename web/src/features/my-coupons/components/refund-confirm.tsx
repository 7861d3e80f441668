import type { TMyCoupon } from '#contract/purchases';
import { ConfirmStep } from '@/components/ui/confirm-step';
import { useOncePerPress } from '@/hooks/use-once-per-press';
import { errorMessage } from '@/lib/api-client';
import { useRefundMyCoupon } from '../api/refund-my-coupon';
import { refundTexts } from '../refund-texts';

/** A refund's result, naming its coupon: a returned coupon leaves the list, and the result outlives it. */
export type RefundOutcome = { tone: 'success' | 'error'; text: string; detail?: string };

export type RefundConfirmProps = {
  coupon: TMyCoupon & { refundAmount: number };
  /** What became of the request: told to the screen, which keeps it in view after the coupon leaves the list. */
  onOutcome: (outcome: RefundOutcome | undefined) => void;
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
            text:
              status === 'REFUNDED'
                ? refundTexts.refunded(amount, coupon)
                : refundTexts.pending(amount, coupon),
          }),
        onError: (error) =>
          onOutcome({ tone: 'error', text: refundTexts.failed(coupon), detail: errorMessage(error) }),
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
