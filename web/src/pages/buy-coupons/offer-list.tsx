import type { TOffer } from '#contract/coupons';
import type { TListedPartner } from '#contract/partners';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { OfferStock } from '@/features/catalogue/components/offer-stock';
import { offerValidityText } from '@/features/catalogue/offer-validity';
import { useWaitlistPlace } from '@/features/waitlist/api/get-waitlist-place';
import { Link } from '@/lib/router/link';
import { texts } from './texts';

type OfferListProps = {
  offers: TOffer[];
  chosenId: number | undefined;
  onChoose: (offerId: number) => void;
};

export function OfferList({ offers, chosenId, onChoose }: OfferListProps) {
  return (
    <fieldset className="buy__offer-list">
      <legend className="buy__offer-legend">{texts.offers}</legend>
      {offers.map((offer) => (
        <Button
          key={offer.id}
          className="buy__offer"
          variant="secondary"
          aria-pressed={offer.id === chosenId}
          onClick={() => onChoose(offer.id)}
        >
          <span>{texts.offerDiscount(offer.discount)}</span>{' '}
          <span className="buy__offer-price">{texts.offerPrice(offer.price)}</span>{' '}
          <span className="buy__offer-threshold">{texts.offerThreshold(offer.discount)}</span>
          <OfferValidity offer={offer} />
          {offer.perBuyer !== null && (
            <>
              {' '}
              <span className="buy__offer-per-buyer">{texts.perBuyer(offer.perBuyer)}</span>
            </>
          )}
          <OfferState offer={offer} />
        </Button>
      ))}
    </fieldset>
  );
}

/**
 * What is left of a limited offer, or when its sale opens; a unit the line holds for this member is
 * «Отложен для вас», never «Разобрали» (the place is the one the payment area asks for).
 */
function OfferState({ offer }: { offer: TOffer }) {
  const place = useWaitlistPlace(offer.left === 0 ? offer.id : null);
  if (offer.left === 0 && place.data?.heldUntil) {
    return (
      <>
        {' '}
        <span className="offer-stock">{texts.heldOnTile}</span>
      </>
    );
  }
  return <OfferStock offer={offer} />;
}

function OfferValidity({ offer }: { offer: TOffer }) {
  const validity = offerValidityText(offer);
  return (
    validity && (
      <>
        {' '}
        <span className="buy__offer-validity">{validity}</span>
      </>
    )
  );
}

/** What holds for every offer of the partner, under the list. */
export function OfferNotes({ partner }: { partner: TListedPartner }) {
  return (
    <div className="buy__notes">
      <p>{texts.discountCap}</p>
      {/* A condition repeated by mistake is said once. */}
      {[...new Set(partner.discountConditions)].map((condition) => (
        <p key={condition}>{condition}</p>
      ))}
      <Link className="buy__terms" to={paths.offer.getHref()}>
        {texts.offerTerms}
      </Link>
    </div>
  );
}
