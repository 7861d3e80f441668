import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { paths } from '@/config/paths';
import { fetchAheadWhenIdle } from '@/lib/route-prefetch';
import { offerTexts } from '../texts';
import './offer-link.css';

// The offer is long and read rarely: its popup comes in a chunk of its own, fetched once the screen
// is up and run only when opened (it checks the offer's answer with zod, 23 KB that no screen waits
// for). The build lists the chunk's files by the module's path (web/screen-pages/plugin.ts).
const POPUP_MODULE = 'features/public-offer/components/offer-popup';
const OfferPopup = lazy(() => import('./offer-popup').then((module) => ({ default: module.OfferPopup })));

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
  // Fetched ahead once the link is on screen and the page idle, so a tap opens it at once.
  useEffect(() => fetchAheadWhenIdle([POPUP_MODULE]), []);
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
      {open && (
        <Suspense>
          <OfferPopup onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
