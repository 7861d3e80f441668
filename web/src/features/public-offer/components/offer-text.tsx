import { DocumentSections } from '@/components/ui/document-sections';
import { Loaded } from '@/components/ui/loaded';
import { useOffer } from '../api/get-offer';
import { OFFER_SECTIONS } from '../offer-sections';
import { offerTexts } from '../texts';
import './offer-text.css';

type OfferTextProps = {
  /** h2 on the offer page (under its h1), h3 in the popup (under the popup's h2). */
  sectionHeading: 'h2' | 'h3';
};

/** The whole public offer, the seller's details filled in from the server's configuration. */
export function OfferText({ sectionHeading }: OfferTextProps) {
  return (
    <Loaded query={useOffer()} failedAlways={offerTexts.detailsFailed} className="state-line">
      {(context) => (
        <article className="offer-text">
          <p className="offer-text__heading">{offerTexts.heading}</p>
          <p className="offer-text__edition">{offerTexts.edition}</p>
          <DocumentSections
            sections={OFFER_SECTIONS}
            context={context}
            heading={sectionHeading}
            titleClassName="offer-text__section-title"
          />
        </article>
      )}
    </Loaded>
  );
}
