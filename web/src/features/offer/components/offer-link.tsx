import { type ReactNode, useState } from 'react';
import { paths } from '@/config/paths';
import { offerTexts } from '../texts';
import { OfferPopup } from './offer-popup';
import './offer-link.css';

type OfferLinkProps = {
  /** The link's words; «Публичная оферта» by default. */
  children?: ReactNode;
  className?: string;
};

/**
 * A link to the public offer that opens it in the popup over the current screen. It stays a real
 * link to /offer, so opening it in a new tab (or without scripts) still reaches the offer.
 */
export function OfferLink({ children = offerTexts.link, className }: OfferLinkProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <a
        href={paths.offer.getHref()}
        className={['offer-link', className].filter(Boolean).join(' ')}
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        {children}
      </a>
      <OfferPopup open={open} onClose={() => setOpen(false)} />
    </>
  );
}
