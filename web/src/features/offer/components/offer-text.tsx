import { Notice } from '@/components/ui/notice';
import { useOffer } from '../api/get-offer';
import { OFFER_SECTIONS } from '../offer-sections';
import { offerTexts } from '../texts';
import './offer-text.css';
import { uiTexts } from '@/components/ui/texts';

type OfferTextProps = {
  /** h2 on the offer page (under its h1), h3 in the popup (under the popup's h2). */
  sectionHeading: 'h2' | 'h3';
};

/** The whole public offer, the seller's details filled in from the server's configuration. */
export function OfferText({ sectionHeading: SectionHeading }: OfferTextProps) {
  const offer = useOffer();
  if (!offer.data) {
    return offer.isError ? (
      <Notice tone="error">{offerTexts.detailsFailed}</Notice>
    ) : (
      <Notice tone="info">{uiTexts.loading}</Notice>
    );
  }
  const context = offer.data;

  return (
    <article className="offer-text">
      <p className="offer-text__heading">{offerTexts.heading}</p>
      <p className="offer-text__edition">{offerTexts.edition}</p>
      {OFFER_SECTIONS.map((section) => (
        <section key={section.title}>
          <SectionHeading className="offer-text__section-title">{section.title}</SectionHeading>
          {section.paragraphs
            .map((paragraph) => paragraph(context))
            .filter(Boolean)
            .map((text) => (
              <p key={text}>{text}</p>
            ))}
        </section>
      ))}
    </article>
  );
}
