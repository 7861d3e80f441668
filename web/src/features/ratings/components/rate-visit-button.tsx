import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { texts } from '../texts';

// Loaded on the press: My QR stays as small as it was for everyone who does not rate.
const RateVisit = lazy(() => import('./rate-visit').then((module) => ({ default: module.RateVisit })));

type RateVisitButtonProps = {
  purchasedCouponId: string;
  dayOf: (at: Date) => string;
};

/** «Оценить визит» under a used coupon in My QR: opens the rating in place. */
export function RateVisitButton({ purchasedCouponId, dayOf }: RateVisitButtonProps) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {texts.rate}
      </Button>
    );
  }
  return (
    <Suspense>
      <RateVisit purchasedCouponId={purchasedCouponId} dayOf={dayOf} onClose={() => setOpen(false)} />
    </Suspense>
  );
}
