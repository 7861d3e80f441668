import { lazy, Suspense, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { fetchAheadWhenIdle } from '@/lib/route-prefetch';
import { refundTexts } from '../refund-texts';
import type { RefundConfirmProps } from './refund-confirm';

// A holder's own refund is rare: the confirmation (its request, its styles) comes in a chunk of its
// own, fetched once the page is idle and run only at the press. Loaded with the button, its chunk and
// each of its stylesheets were tasks of My QR's of their own (docs/performance.md, «Lighthouse as a
// phone»).
const CONFIRM_MODULE = 'features/my-coupons/components/refund-confirm';
const RefundConfirm = lazy(() =>
  import('./refund-confirm').then((module) => ({ default: module.RefundConfirm })),
);

/**
 * «Вернуть деньги» under a coupon its holder paid for; the press asks first (refund-confirm.tsx) and
 * is a new act, so the last refund's result goes.
 */
export function RefundCoupon({ coupon, onOutcome }: Omit<RefundConfirmProps, 'onClose'>) {
  const [confirming, setConfirming] = useState(false);
  useEffect(() => fetchAheadWhenIdle([CONFIRM_MODULE]), []);
  const button = (pressed: boolean) => (
    <Button
      variant="secondary"
      pressed={pressed}
      onClick={() => {
        onOutcome(undefined);
        setConfirming(true);
      }}
    >
      {refundTexts.button}
    </Button>
  );
  return confirming ? (
    <Suspense fallback={button(true)}>
      <RefundConfirm coupon={coupon} onOutcome={onOutcome} onClose={() => setConfirming(false)} />
    </Suspense>
  ) : (
    button(false)
  );
}
