import { useState } from 'react';
import type { TAdminPurchase } from '#contract/back-office-purchases';
import { Button } from '@/components/ui/button';
import { ConfirmStep } from '@/components/ui/confirm-step';
import { Notice } from '@/components/ui/notice';
import { useRefundPurchase } from '@/features/admin-purchases/api/refund-purchase';
import { useVoidPurchase } from '@/features/admin-purchases/api/void-purchase';
import { useOncePerPress } from '@/hooks/use-once-per-press';
import { errorMessage } from '@/lib/api-client';
import { texts } from './texts';

type Act = 'refund' | 'void';
type Result = { tone: 'success' | 'error'; text: string };

/**
 * Refund and void, as the server allows them on this purchase (its `actions`), each behind a
 * confirmation. The confirming press acts once, however often it is
 * tapped; the result (or the server's refusal) stays in view after the list reloads.
 */
export function PurchaseActions({ purchase }: { purchase: TAdminPurchase }) {
  const [confirming, setConfirming] = useState<Act | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const refund = useRefundPurchase();
  const voidIt = useVoidPurchase();
  const press = useOncePerPress();
  const pending = refund.isPending || voidIt.isPending;
  const allowed = purchase.actions;
  // The questions name who paid: the money goes back to them, whoever holds the coupon after a gift.
  // Paid by link, the money went past the app: a refund is made outside and only noted here.
  const refundTexts = allowed.markRefunded
    ? {
        button: texts.refundOutside,
        question: texts.refundOutsideQuestion(purchase.price, purchase.payer.name),
        confirm: texts.confirmRefundOutside,
        done: texts.refundedOutside,
      }
    : {
        button: texts.refund,
        question: texts.refundQuestion(purchase.price, purchase.payer.name),
        confirm: texts.confirmRefund,
        done: texts.refunded,
      };

  const settle = {
    onError: (error: Error) => setResult({ tone: 'error', text: errorMessage(error) }),
    onSettled: () => {
      setConfirming(null);
      press.release();
    },
  };

  const act = (chosen: Act) =>
    press.press(() => {
      setResult(null);
      if (chosen === 'refund')
        refund.mutate(purchase.id, {
          ...settle,
          onSuccess: ({ status }) =>
            setResult({
              tone: 'success',
              text: status === 'REFUNDED' ? refundTexts.done : texts.refundPending,
            }),
        });
      else
        voidIt.mutate(purchase.id, {
          ...settle,
          onSuccess: () => setResult({ tone: 'success', text: texts.voided }),
        });
    });

  return (
    <div className="purchase-actions">
      {confirming ? (
        <ConfirmStep
          question={confirming === 'refund' ? refundTexts.question : texts.voidQuestion(purchase.payer.name)}
          detail={confirming === 'refund' ? texts.refundDetail : texts.voidDetail}
          confirm={confirming === 'refund' ? refundTexts.confirm : texts.confirmVoid}
          cancel={texts.cancel}
          pending={pending}
          onConfirm={() => act(confirming)}
          onCancel={() => setConfirming(null)}
        />
      ) : (
        (allowed.refund || allowed.markRefunded || allowed.void) && (
          <div className="purchase-actions__row">
            {(allowed.refund || allowed.markRefunded) && (
              <Button variant="secondary" onClick={() => setConfirming('refund')}>
                {refundTexts.button}
              </Button>
            )}
            {allowed.void && (
              <Button variant="secondary" onClick={() => setConfirming('void')}>
                {texts.void}
              </Button>
            )}
          </div>
        )
      )}
      {result && <Notice tone={result.tone}>{result.text}</Notice>}
    </div>
  );
}
