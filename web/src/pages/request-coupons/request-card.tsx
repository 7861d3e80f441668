import { useState } from 'react';
import { serviceThreshold } from '#contract/coupon-terms';
import type { TCouponRequest } from '#contract/coupons';
import { Button } from '@/components/ui/button';
import { LinkField } from '@/components/ui/field';
import {
  useAcceptCouponRequest,
  useRejectCouponRequest,
} from '@/features/coupon-requests/api/decide-coupon-request';
import {
  draftOf,
  limitProblems,
  limitsOf,
  OfferLimitFields,
} from '@/features/coupon-requests/components/offer-limit-fields';
import { useClock } from '@/hooks/use-clock';
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
  // The admin may change the partner's limits as they accept: the form starts from what was asked.
  const [limits, setLimits] = useState(() => draftOf(request));
  const clock = useClock();
  const accept = useAcceptCouponRequest();
  const reject = useRejectCouponRequest();
  const busy = accept.isPending || reject.isPending;
  const onError = (error: Error) => onFailure(error.message);

  function cancel() {
    setAccepting(false);
    setPaymentLink('');
    setLimits(draftOf(request));
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
        {request.quantity !== null && (
          <div>
            <dt>{texts.quantity}</dt>
            <dd>{texts.pieces(request.quantity)}</dd>
          </div>
        )}
        {request.perBuyer !== null && (
          <div>
            <dt>{texts.perBuyer}</dt>
            <dd>{texts.pieces(request.perBuyer)}</dd>
          </div>
        )}
        {request.saleStartsAt !== null && (
          <div>
            <dt>{texts.saleStartsAt}</dt>
            <dd>{clock.dateTime(request.saleStartsAt)}</dd>
          </div>
        )}
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
          <OfferLimitFields draft={limits} onChange={setLimits} />
          <div className="request-card__actions">
            <Button
              className="request-card__action"
              disabled={busy || Object.keys(limitProblems(limits)).length > 0}
              onClick={() =>
                accept.mutate(
                  { couponId: request.couponId, paymentLink: paymentLink.trim(), ...limitsOf(limits) },
                  { onError },
                )
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
