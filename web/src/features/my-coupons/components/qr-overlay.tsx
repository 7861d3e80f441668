import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import type { TMyCoupon } from '#contract/purchases';
import { texts } from '../texts';
import { QrImage } from './qr-image';
import './qr-overlay.css';

type QrOverlayProps = {
  coupon: TMyCoupon;
  onClose: () => void;
};

/** The QR over the whole screen, for the partner's scanner; a tap beside it (or Escape) closes it. */
export function QrOverlay({ coupon, onClose }: QrOverlayProps) {
  useEffect(() => {
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', closeOnEscape);
    return () => window.removeEventListener('keydown', closeOnEscape);
  }, [onClose]);

  // In a portal: the page frame moves during transitions, which would carry a fixed overlay along.
  return createPortal(
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes it from the keyboard (above).
    <div
      className="qr-overlay"
      role="dialog"
      aria-modal="true"
      aria-label={texts.qrOf(coupon.companyName)}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <QrImage className="qr-overlay__qr" url={coupon.qrImageUrl} alt={texts.qrOf(coupon.companyName)} />
    </div>,
    document.body,
  );
}
