import { useState } from 'react';
import { serviceThreshold } from '#contract/coupon-terms';
import type { TCouponRequest } from '#contract/coupons';
import { Button } from '@/components/ui/button';
import { LinkField } from '@/components/ui/field';
import {
  useAcceptCouponRequest,
  useRejectCouponRequest,
} from '@/features/coupon-requests/api/decide-coupon-request';
import { texts } from './texts';

type RequestCardProps = {
  request: TCouponRequest;
  /** A failed accept or decline, with the server's explanation. */
  onFailure: (detail: string) => void;
};

/**
 * One pending request: accepting asks for the payment link first, where buyers pay through it, and
 * can be called off.
 */
export function RequestCard({ request, onFailure }: RequestCardProps) {
  const [accepting, setAccepting] = useState(false);
  const [paymentLink, setPaymentLink] = useState('');
  const accept = useAcceptCouponRequest();
  const reject = useRejectCouponRequest();
  const busy = accept.isPending || reject.isPending;
  const onError = (error: Error) => onFailure(error.message);

  function cancel() {
    setAccepting(false);
    setPaymentLink('');
  }

  return (
    <article className="request-card" aria-label={request.companyName}>
      <h2 className="request-card__name">{request.companyName}</h2>
      {request.region && <p className="request-card__region">{request.region}</p>}
      <dl className="request-card__terms">
        <div>
          <dt>{texts.price}</dt>
          <dd>{texts.rubles(request.price)}</dd>
        </div>
        <div>
          <dt>{texts.discount}</dt>
          <dd>{texts.rubles(request.discount)}</dd>
        </div>
        <div>
          <dt>{texts.threshold}</dt>
          <dd>{texts.fromRubles(serviceThreshold(request.discount))}</dd>
        </div>
        <div>
          <dt>{texts.gain}</dt>
          <dd>{texts.rubles(request.discount - request.price)}</dd>
        </div>
      </dl>
      {accepting ? (
        <>
          {request.paymentLinkNeeded && (
            <LinkField
              label={texts.paymentLink}
              value={paymentLink}
              onChange={(event) => setPaymentLink(event.target.value)}
            />
          )}
          <div className="request-card__actions">
            <Button
              className="request-card__action"
              disabled={busy}
              onClick={() =>
                accept.mutate({ couponId: request.couponId, paymentLink: paymentLink.trim() }, { onError })
              }
            >
              {texts.confirm}
            </Button>
            <Button className="request-card__action" variant="secondary" disabled={busy} onClick={cancel}>
              {texts.cancel}
            </Button>
          </div>
        </>
      ) : (
        <div className="request-card__actions">
          <Button className="request-card__action" disabled={busy} onClick={() => setAccepting(true)}>
            {texts.accept}
          </Button>
          <Button
            className="request-card__action request-card__action--reject"
            variant="secondary"
            disabled={busy}
            onClick={() => reject.mutate(request.couponId, { onError })}
          >
            {texts.reject}
          </Button>
        </div>
      )}
    </article>
  );
}
