import { useEffect, useEffectEvent, useRef } from 'react';
import type { TOffer } from '#contract/coupons';
import type { TListedPartner } from '#contract/partners';
import { Header } from '@/components/layout/header';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/field';
import { Loaded } from '@/components/ui/loaded';
import { Notice } from '@/components/ui/notice';
import { Stack } from '@/components/ui/stack';
import { paths } from '@/config/paths';
import { useListedPartners } from '@/features/catalogue/api/get-listed-partners';
import { useOffers } from '@/features/catalogue/api/get-offers';
import { usePartnerTypes } from '@/features/catalogue/api/get-partner-types';
import { useRegions } from '@/features/catalogue/api/get-regions';
import { offerValidityText } from '@/features/catalogue/offer-validity';
import { formatCountdown, useSaleCountdown } from '@/features/catalogue/sale-start';
import { ReceiptEmailConfirmation } from '@/features/email/components/receipt-email-confirmation';
import { ConsentBox } from '@/features/privacy/components/consent-box';
import { ReceiptEmailField, ReceiptEmailKnown } from '@/features/privacy/components/receipt-email';
import { type CheckoutStep, useCheckoutStep } from '@/features/privacy/hooks/use-checkout-step';
import { useBadPaymentFlag } from '@/features/purchases/bad-payment-flag';
import { type PaymentAttempt, usePayment } from '@/features/purchases/hooks/use-payment';
import { useRefreshUser, useUser } from '@/features/session/api/get-me';
import { ChatRuleNotice } from '@/features/session/components/chat-rule-notice';
import { useWaitlistPlace } from '@/features/waitlist/api/get-waitlist-place';
import { useJoinWaitlist } from '@/features/waitlist/api/join-waitlist';
import { useLeaveWaitlist } from '@/features/waitlist/api/leave-waitlist';
import { useClock } from '@/hooks/use-clock';
import { useIntoViewWhenShown } from '@/hooks/use-into-view-when-shown';
import { useOncePerPress } from '@/hooks/use-once-per-press';
import { errorMessage } from '@/lib/api-client';
import { Link } from '@/lib/router/link';
import { useSearchParams } from '@/lib/router/router';
import { openMessengerLink } from '@/messenger/links';
import { Page } from '@/messenger/page';
import { useMainButton, useSecondaryButton } from '@/messenger/use-main-button';
import {
  type BuySelection,
  chooseOffer,
  choosePartner,
  chooseRegion,
  chooseType,
  readSelection,
  showOffers,
  showPartners,
  toSearchParams,
} from './buy-selection';
import './buy-coupons-page.css';
import { texts } from './texts';

/** SPEC §9: the bad-payment message shows for 2.5 s. */
const PAY_AGAIN_SHOWN_MS = 2500;

const namesToOptions = (names: readonly string[]) => names.map((name) => ({ value: name, label: name }));

/** The catalogue's reads ask again by themselves: a failure is told as connecting, not as an error. */
const LADDER = {
  connecting: texts.connecting,
  className: 'buy__state',
  emptyClassName: 'buy__state buy__state--empty',
};

/** BuyCoupons (SPEC §2 Buy coupon): region → type → partner → offer → payment. */
export function BuyCouponsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const selection = readSelection(searchParams);
  const user = useUser();
  const refreshUser = useRefreshUser();
  const checkout = useCheckoutStep(user);
  const { attempt, pay, forget } = usePayment({ checkout, buyer: user, refreshBuyer: refreshUser });
  const { badPayment, clearBadPayment } = useBadPaymentFlag();

  const regions = useRegions();
  const types = usePartnerTypes(selection.region);
  const partners = useListedPartners(
    selection.partnersShown ? { region: selection.region, type: selection.type } : null,
  );
  const offers = useOffers(selection.offersShown ? selection.partnerId : null);

  const partner = partners.data?.find(({ id }) => id === selection.partnerId);
  const offer = offers.data?.find(({ id }) => id === selection.offerId);
  // Each step that appears below the fold is brought into view: the offers, then the payment area.
  const offersRef = useRef<HTMLDivElement>(null);
  const paymentRef = useRef<HTMLElement>(null);
  useIntoViewWhenShown(offersRef, offers.data && selection.partnerId);
  useIntoViewWhenShown(paymentRef, offer?.id);

  // A start refused (sold out, the sale not open yet…) is news about the offer: its count is asked again.
  const refetchOffers = useEffectEvent(() => void offers.refetch());
  useEffect(() => {
    if (attempt?.status === 'failed') refetchOffers();
  }, [attempt?.status]);

  // SPEC §4: the message after a failed payment stays 2.5 s, then the flag is spent.
  const spendBadPayment = useEffectEvent(clearBadPayment);
  useEffect(() => {
    if (!badPayment.flag) return;
    const timer = setTimeout(() => spendBadPayment(), PAY_AGAIN_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [badPayment.flag]);

  // Told beside the payment it is about, once the chosen offer is back on screen: at the top, the
  // payment area scrolled into view below would push it out of sight.
  const payAgain = badPayment.flag && <Notice tone="error">{badPayment.text}</Notice>;

  function select(next: BuySelection) {
    if (next.offerId !== selection.offerId) forget();
    setSearchParams(toSearchParams(next), { replace: true });
  }

  return (
    <Page>
      <Header title={texts.title} />
      <Stack>
        <ChatRuleNotice />
        {!offer && payAgain}
        <Loaded query={regions} {...LADDER} empty={texts.noPartners}>
          {(regionNames) => (
            <>
              <SelectField
                label={texts.region}
                placeholder={texts.regionPlaceholder}
                options={namesToOptions(regionNames)}
                value={selection.region}
                onValueChange={(region) => select(chooseRegion(region))}
              />
              {selection.region ? (
                <Loaded query={types} {...LADDER}>
                  {(typeNames) => (
                    <SelectField
                      label={texts.partnerType}
                      placeholder={texts.partnerTypePlaceholder}
                      options={namesToOptions(typeNames)}
                      value={selection.type}
                      onValueChange={(type) => select(chooseType(selection, type))}
                    />
                  )}
                </Loaded>
              ) : (
                <SelectField
                  label={texts.partnerType}
                  placeholder={texts.chooseRegionFirst}
                  options={[]}
                  value=""
                  disabled
                  onValueChange={(type) => select(chooseType(selection, type))}
                />
              )}
              <Button
                disabled={!selection.region || !selection.type}
                onClick={() => select(showPartners(selection))}
              >
                {texts.showPartners}
              </Button>

              {selection.partnersShown && (
                <Loaded query={partners} {...LADDER} empty={texts.noPartners}>
                  {(listed) => (
                    <>
                      <SelectField
                        label={texts.partner}
                        placeholder={texts.partnerPlaceholder}
                        options={listed.map(({ id, companyName }) => ({
                          value: String(id),
                          label: companyName,
                        }))}
                        value={partner ? String(partner.id) : ''}
                        onValueChange={(id) => select(choosePartner(selection, Number(id)))}
                      />
                      {partner?.rating && <p className="buy__rating">{texts.rating(partner.rating)}</p>}
                      <Button disabled={!partner} onClick={() => select(showOffers(selection))}>
                        {texts.showOffers}
                      </Button>
                    </>
                  )}
                </Loaded>
              )}

              {partner && selection.offersShown && (
                <Loaded query={offers} {...LADDER} empty={texts.noOffers}>
                  {(partnerOffers) => (
                    <div className="buy__offers" ref={offersRef}>
                      <OfferList
                        offers={partnerOffers}
                        chosenId={offer?.id}
                        onChoose={(id) => select(chooseOffer(selection, id))}
                      />
                      <OfferNotes partner={partner} />
                      {offer && (
                        <section className="buy__payment" ref={paymentRef} aria-label={texts.pay}>
                          {payAgain}
                          <PaymentArea
                            offer={offer}
                            checkout={checkout}
                            attempt={attempt?.couponId === offer.id ? attempt : null}
                            onPay={() => pay(offer.id)}
                            onSaleOpened={refetchOffers}
                          />
                        </section>
                      )}
                    </div>
                  )}
                </Loaded>
              )}
            </>
          )}
        </Loaded>
      </Stack>
    </Page>
  );
}

type OfferListProps = {
  offers: TOffer[];
  chosenId: number | undefined;
  onChoose: (offerId: number) => void;
};

function OfferList({ offers, chosenId, onChoose }: OfferListProps) {
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
          <OfferStock offer={offer} />
        </Button>
      ))}
    </fieldset>
  );
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

/** A limited offer's state on its button: what is left, all gone, or when its sale opens. */
function OfferStock({ offer }: { offer: TOffer }) {
  const clock = useClock();
  const opensIn = useSaleCountdown(offer.saleStartsAt);
  const line =
    opensIn > 0 && offer.saleStartsAt
      ? texts.saleStarts(clock.dateTime(offer.saleStartsAt))
      : offer.left === 0
        ? texts.soldOut
        : offer.left !== null && offer.quantity !== null
          ? texts.left(offer.left, offer.quantity)
          : '';
  return (
    line && (
      <>
        {' '}
        <span
          className={
            offer.left === 0 && opensIn === 0 ? 'buy__offer-stock buy__offer-stock--gone' : 'buy__offer-stock'
          }
        >
          {line}
        </span>
      </>
    )
  );
}

/** The caller's place in the line of a sold-out offer, joined and left here. */
function WaitlistPlace({ couponId, position }: { couponId: number; position: number | null }) {
  const join = useJoinWaitlist();
  const leave = useLeaveWaitlist();
  const press = useOncePerPress();
  const busy = join.isPending || leave.isPending;
  const failed = join.error ?? leave.error;
  return (
    <>
      {position === null ? (
        <Button
          disabled={busy}
          onClick={() => press.press(() => join.mutate(couponId, { onSettled: press.release }))}
        >
          {texts.joinWaitlist}
        </Button>
      ) : (
        <>
          <p className="buy__waitlist-place">{texts.placeInLine(position)}</p>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => press.press(() => leave.mutate(couponId, { onSettled: press.release }))}
          >
            {texts.leaveWaitlist}
          </Button>
        </>
      )}
      {failed && <Notice tone="error">{errorMessage(failed)}</Notice>}
    </>
  );
}

/** A unit the line holds for the caller: until when, and how long is left. */
function HeldForYou({ until }: { until: string }) {
  const clock = useClock();
  const left = useSaleCountdown(until);
  return (
    <Notice tone="info">
      {texts.heldForYou(clock.dateTime(until))}
      <br />
      <span className="buy__countdown">{texts.heldCountdown(formatCountdown(left))}</span>
    </Notice>
  );
}

function OfferNotes({ partner }: { partner: TListedPartner }) {
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

type PaymentAreaProps = {
  offer: TOffer;
  checkout: CheckoutStep;
  attempt: PaymentAttempt | null;
  onPay: () => void;
  /** The countdown to the sale reached zero: the offer is asked again. */
  onSaleOpened: () => void;
};

function PaymentArea({ offer, checkout, attempt, onPay, onSaleOpened }: PaymentAreaProps) {
  const clock = useClock();
  const opensIn = useSaleCountdown(offer.saleStartsAt, onSaleOpened);
  const notYet = opensIn > 0 && offer.saleStartsAt !== null;
  // All gone for everyone: the caller's place in the line is asked, and a unit it may hold for them.
  const allTaken = !notYet && offer.left === 0;
  const place = useWaitlistPlace(allTaken ? offer.id : null);
  const heldUntil = allTaken ? (place.data?.heldUntil ?? null) : null;
  const gone = allTaken && heldUntil === null;
  const starting = attempt?.status === 'starting';
  const acting = starting || attempt?.status === 'opened' || attempt?.status === 'invoice' || notYet || gone;
  const chatLink = useUser()?.communityChatLink;
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
      {gone && <Notice tone="info">{texts.soldOutNotice}</Notice>}
      {gone && place.data && <WaitlistPlace couponId={offer.id} position={place.data.position} />}
      {heldUntil && <HeldForYou until={heldUntil} />}
      {checkout.email && <ReceiptEmailField {...checkout.email} />}
      {checkout.knownEmail && <ReceiptEmailKnown {...checkout.knownEmail} />}
      {checkout.knownEmail && <ReceiptEmailConfirmation email={checkout.knownEmail.email} />}
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
