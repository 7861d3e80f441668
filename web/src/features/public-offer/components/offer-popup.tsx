import { useEffect, useEffectEvent, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '@/components/ui/button';
import { offerTexts } from '../texts';
import { OfferText } from './offer-text';
import './offer-popup.css';

type OfferPopupProps = {
  onClose: () => void;
};

/**
 * The public offer over the current screen (SPEC §1), drawn while it is open: «Закрыть», a click
 * outside and Escape close it. Drawn into <body>, outside the page frame, which moves during page
 * transitions.
 */
export function OfferPopup({ onClose }: OfferPopupProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const close = useEffectEvent(onClose);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panel.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      opener?.focus();
    };
  }, []);

  return createPortal(
    <div className="offer-popup">
      {/* A click outside closes it; keyboards and screen readers have «Закрыть» and Escape. */}
      <button
        type="button"
        className="offer-popup__backdrop"
        aria-hidden="true"
        tabIndex={-1}
        onClick={onClose}
      />
      <div
        ref={panel}
        className="offer-popup__panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <h2 id={titleId} className="offer-popup__title">
          {offerTexts.title}
        </h2>
        <div className="offer-popup__body">
          <OfferText sectionHeading="h3" />
        </div>
        <div className="offer-popup__footer">
          <Button onClick={onClose}>{offerTexts.close}</Button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
