import { useEffect, useEffectEvent, useRef } from 'react';
import { Header } from '@/components/layout/header';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/field';
import { Loaded } from '@/components/ui/loaded';
import { Notice } from '@/components/ui/notice';
import { Stack } from '@/components/ui/stack';
import { useListedPartners } from '@/features/catalogue/api/get-listed-partners';
import { useOffers } from '@/features/catalogue/api/get-offers';
import { usePartnerTypes } from '@/features/catalogue/api/get-partner-types';
import { useRegions } from '@/features/catalogue/api/get-regions';
import { useCheckoutStep } from '@/features/privacy/hooks/use-checkout-step';
import { useBadPaymentFlag } from '@/features/purchases/bad-payment-flag';
import { usePayment } from '@/features/purchases/hooks/use-payment';
import { useRefreshUser, useUser } from '@/features/session/api/get-me';
import { ChatRuleNotice } from '@/features/session/components/chat-rule-notice';
import { useIntoViewWhenShown } from '@/hooks/use-into-view-when-shown';
import { useSearchParams } from '@/lib/router/router';
import { Page } from '@/messenger/page';
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

import { OfferList, OfferNotes } from './offer-list';
import { PaymentArea } from './payment-area';
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
