import { useState } from 'react';
import type { TAdminPurchase } from '#contract/back-office-purchases';
import { Button } from '@/components/ui/button';
import { ConfirmStep } from '@/components/ui/confirm-step';
import { useRefundPurchase } from '@/features/admin-purchases/api/refund-purchase';
import { useVoidPurchase } from '@/features/admin-purchases/api/void-purchase';
import { useOncePerPress } from '@/hooks/use-once-per-press';
import { errorMessage } from '@/lib/api-client';
import { texts } from './texts';

type Act = 'refund' | 'void';

/** What became of a refund or a void, naming the purchase: its card may leave the list as it reloads. */
export type PurchaseOutcome = { tone: 'success' | 'error'; text: string; detail?: string };

type PurchaseActionsProps = {
  purchase: TAdminPurchase;
  /** Told to the screen, which shows it at its top until the admin acts again or searches anew. */
  onOutcome: (outcome: PurchaseOutcome | undefined) => void;
};

/**
 * Refund and void, as the server allows them on this purchase (its `actions`), each behind a
 * confirmation. The confirming press acts once, however often it is tapped.
 */
export function PurchaseActions({ purchase, onOutcome }: PurchaseActionsProps) {
  const [confirming, setConfirming] = useState<Act | null>(null);
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
        done: texts.refundedOutside(purchase),
        failed: texts.refundOutsideFailed(purchase),
      }
    : {
        button: texts.refund,
        question: texts.refundQuestion(purchase.price, purchase.payer.name),
        confirm: texts.confirmRefund,
        done: texts.refunded(purchase),
        failed: texts.refundFailed(purchase),
      };

  const failed = (text: string) => (error: Error) =>
    onOutcome({ tone: 'error', text, detail: errorMessage(error) });
  const settle = {
    onSettled: () => {
      setConfirming(null);
      press.release();
    },
  };

  const act = (chosen: Act) =>
    press.press(() => {
      if (chosen === 'refund')
        refund.mutate(purchase.id, {
          ...settle,
          onError: failed(refundTexts.failed),
          onSuccess: ({ status }) =>
            onOutcome({
              tone: 'success',
              text: status === 'REFUNDED' ? refundTexts.done : texts.refundPending(purchase),
            }),
        });
      else
        voidIt.mutate(purchase.id, {
          ...settle,
          onError: failed(texts.voidFailed(purchase)),
          onSuccess: () => onOutcome({ tone: 'success', text: texts.voided(purchase) }),
        });
    });

  // Asking about another act begins it: the last result, whichever purchase it named, goes.
  const ask = (chosen: Act) => {
    onOutcome(undefined);
    setConfirming(chosen);
  };

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
              <Button variant="secondary" onClick={() => ask('refund')}>
                {refundTexts.button}
              </Button>
            )}
            {allowed.void && (
              <Button variant="secondary" onClick={() => ask('void')}>
                {texts.void}
              </Button>
            )}
          </div>
        )
      )}
    </div>
  );
}
