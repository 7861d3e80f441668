import { lazy, Suspense } from 'react';
import type { TOffer } from '#contract/coupons';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { ConsentBox } from '@/features/privacy/components/consent-box';
import { ReceiptEmailField, ReceiptEmailKnown } from '@/features/privacy/components/receipt-email';
import type { CheckoutStep } from '@/features/privacy/hooks/use-checkout-step';
import type { PaymentAttempt } from '@/features/purchases/hooks/use-payment';
import { useUser } from '@/features/session/api/get-me';
import { useWaitlistPlace } from '@/features/waitlist/api/get-waitlist-place';
import { HeldForYou } from '@/features/waitlist/components/held-for-you';
import { WaitlistPlace } from '@/features/waitlist/components/waitlist-place';
import { useClock } from '@/hooks/use-clock';
import { formatCountdown, useCountdown } from '@/hooks/use-countdown';
import { openMessengerLink } from '@/messenger/links';
import { useMainButton, useSecondaryButton } from '@/messenger/use-main-button';
import { texts } from './texts';

// Below the remembered address, and no part of the screen's first load: fetched when one is shown.
const ReceiptEmailConfirmation = lazy(() =>
  import('@/features/email/components/receipt-email-confirmation').then((module) => ({
    default: module.ReceiptEmailConfirmation,
  })),
);

type PaymentAreaProps = {
  offer: TOffer;
  checkout: CheckoutStep;
  attempt: PaymentAttempt | null;
  onPay: () => void;
  /** The countdown to the sale reached zero: the offer is asked again. */
  onSaleOpened: () => void;
};

/** The chosen offer's terms and its payment: the sale's countdown, the line, the receipt's e-mail and consent. */
export function PaymentArea({ offer, checkout, attempt, onPay, onSaleOpened }: PaymentAreaProps) {
  const clock = useClock();
  const opensIn = useCountdown(offer.saleStartsAt, onSaleOpened);
  const notYet = opensIn > 0 && offer.saleStartsAt !== null;
  // All gone for everyone: the caller's place in the line is asked, and a unit it may hold for them.
  const allTaken = !notYet && offer.left === 0;
  const place = useWaitlistPlace(allTaken ? offer.id : null);
  const heldUntil = allTaken ? (place.data?.heldUntil ?? null) : null;
  const gone = allTaken && heldUntil === null;
  const starting = attempt?.status === 'starting';
  const acting = starting || attempt?.status === 'opened' || attempt?.status === 'invoice' || notYet || gone;
  const user = useUser();
  const chatLink = user?.communityChatLink;
  // The line is the chat's: someone outside it is not offered a place (the server would refuse).
  const mayQueue = user?.isChatMember !== false;
  const openChat = chatLink ? () => openMessengerLink(chatLink) : undefined;
  const payOnTelegram = useMainButton({
    text: texts.pay,
    onClick: onPay,
    enabled: !acting,
    loading: starting,
  });
  const chatOnTelegram = useSecondaryButton(
    attempt?.status === 'not_member' && openChat ? { text: texts.openChat, onClick: openChat } : undefined,
  );
  return (
    <>
      <div className="buy__terms-of-offer">
        <p>{texts.offerGain(offer.price, offer.discount)}</p>
        <p>{texts.offerThreshold(offer.discount)}</p>
        {offer.perBuyer !== null && <p>{texts.perBuyer(offer.perBuyer)}</p>}
      </div>
      {notYet && offer.saleStartsAt && (
        <Notice tone="info">
          {texts.saleStarts(clock.dateTime(offer.saleStartsAt))}
          <br />
          <span className="buy__countdown">{texts.saleCountdown(formatCountdown(opensIn))}</span>
        </Notice>
      )}
      {gone && <Notice tone="info">{mayQueue ? texts.soldOutNotice : texts.soldOutForGuest}</Notice>}
      {gone && mayQueue && place.data && <WaitlistPlace offerId={offer.id} position={place.data.position} />}
      {heldUntil && <HeldForYou until={heldUntil} />}
      {checkout.email && <ReceiptEmailField {...checkout.email} />}
      {checkout.knownEmail && <ReceiptEmailKnown {...checkout.knownEmail} />}
      {checkout.knownEmail && (
        <Suspense>
          <ReceiptEmailConfirmation email={checkout.knownEmail.email} />
        </Suspense>
      )}
      {checkout.consent && <ConsentBox {...checkout.consent} />}
      {!payOnTelegram && (
        <Button busy={starting && texts.startingPayment} disabled={acting} onClick={onPay}>
          {texts.pay}
        </Button>
      )}
      {attempt?.status === 'opened' && <Notice tone="info">{texts.paymentOpened}</Notice>}
      {(attempt?.status === 'not_member' || attempt?.status === 'failed') && (
        <Notice tone="error">{attempt.message}</Notice>
      )}
      {attempt?.status === 'not_member' && openChat && !chatOnTelegram && (
        <Button variant="secondary" onClick={openChat}>
          {texts.openChat}
        </Button>
      )}
    </>
  );
}
