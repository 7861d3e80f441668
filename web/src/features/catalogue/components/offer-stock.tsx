import type { TOffer } from '#contract/coupons';
import { useClock } from '@/hooks/use-clock';
import { useCountdown } from '@/hooks/use-countdown';
import { offerStockLine } from '../offer-stock';
import './offer-stock.css';

/** A limited offer's state on its button: what is left, all gone, or when its sale opens. */
export function OfferStock({ offer }: { offer: TOffer }) {
  const clock = useClock();
  const opensIn = useCountdown(offer.saleStartsAt);
  const line = offerStockLine(offer, opensIn, clock.dateTime);
  return (
    line && (
      <>
        {' '}
        <span className={line.gone ? 'offer-stock offer-stock--gone' : 'offer-stock'}>{line.text}</span>
      </>
    )
  );
}
