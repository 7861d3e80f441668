import { useState } from 'react';
import type { TUnsoldRefund } from '#contract/back-office-purchases';
import { Button } from '@/components/ui/button';
import { ConfirmStep } from '@/components/ui/confirm-step';
import { Fact, FactList } from '@/components/ui/fact-list';
import { Notice } from '@/components/ui/notice';
import { Section } from '@/components/ui/section';
import { useUnsoldRefunds } from '@/features/admin-purchases/api/get-unsold-refunds';
import { useSettleUnsoldRefund } from '@/features/admin-purchases/api/settle-unsold-refund';
import { useClock } from '@/hooks/use-clock';
import { useOncePerPress } from '@/hooks/use-once-per-press';
import { errorMessage } from '@/lib/api-client';
import { texts } from './texts';

type Result = { tone: 'success' | 'error'; text: string };

/**
 * Money owed without a coupon: payments that came after their hold lapsed, found no coupon left, and
 * whose provider did not give the money back. Shown above the purchases while anything is owed; an
 * admin returns the money outside the app and marks it here, and the buyer is told by the bot.
 */
export function UnsoldRefunds() {
  const owed = useUnsoldRefunds();
  // The last one marked leaves the list: what was done stays said.
  const [result, setResult] = useState<Result | null>(null);
  if (owed.isError) return <Notice tone="error">{errorMessage(owed.error)}</Notice>;
  if (!owed.data || (owed.data.length === 0 && !result)) return null;
  return (
    <Section title={texts.unsold.title}>
      {owed.data.length > 0 && <p className="unsold-refunds__lead">{texts.unsold.lead}</p>}
      <ul className="unsold-refunds">
        {owed.data.map((refund) => (
          <UnsoldRefundCard key={refund.id} refund={refund} onResult={setResult} />
        ))}
      </ul>
      {result && <Notice tone={result.tone}>{result.text}</Notice>}
    </Section>
  );
}

function UnsoldRefundCard({
  refund,
  onResult,
}: {
  refund: TUnsoldRefund;
  onResult: (result: Result) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const settle = useSettleUnsoldRefund();
  const press = useOncePerPress();
  const clock = useClock();
  const settleIt = () =>
    press.press(() =>
      settle.mutate(refund.id, {
        onSuccess: () =>
          onResult({ tone: 'success', text: texts.unsold.settled(refund.amount, refund.buyer.name) }),
        onError: (error) => onResult({ tone: 'error', text: errorMessage(error) }),
        onSettled: () => {
          setConfirming(false);
          press.release();
        },
      }),
    );
  return (
    <li className="purchase-card" aria-label={`${refund.buyer.name}, ${refund.partner.companyName}`}>
      <div className="purchase-card__details">
        <span className="purchase-card__head">
          <span className="purchase-card__buyer">{refund.buyer.name}</span>
          <span className="purchase-card__state">{texts.unsold.owed(refund.amount)}</span>
        </span>
        <FactList>
          <Fact
            label={texts.facts.offer}
            value={texts.offer(refund.offerId, refund.discount, refund.amount)}
          />
          <Fact label={texts.partner} value={`${refund.partner.companyName} · ${refund.partner.region}`} />
          <Fact label={texts.facts.provider} value={texts.providers[refund.provider]} />
          <Fact label={texts.facts.paymentId} value={refund.providerPaymentId ?? texts.unsold.noPaymentId} />
          <Fact label={texts.unsold.paidAt} value={clock.dateTime(refund.at)} />
        </FactList>
        {confirming ? (
          <ConfirmStep
            question={texts.unsold.question(refund.amount, refund.buyer.name)}
            detail={texts.unsold.detail}
            confirm={texts.confirmRefundOutside}
            cancel={texts.cancel}
            pending={settle.isPending}
            onConfirm={settleIt}
            onCancel={() => setConfirming(false)}
          />
        ) : (
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            {texts.refundOutside}
          </Button>
        )}
      </div>
    </li>
  );
}
