import { useEffect, useRef, useState } from 'react';
import type { TAdminPartner } from '#contract/back-office-partners';
import type { TAddPartnerRequest } from '#contract/partners';
import { Button } from '@/components/ui/button';
import { ConfirmStep } from '@/components/ui/confirm-step';
import { Fact, FactList } from '@/components/ui/fact-list';
import { Notice } from '@/components/ui/notice';
import { formatPhone } from '@/components/ui/phone-field';
import { paths } from '@/config/paths';
import { useEditPartner } from '@/features/partners/api/edit-partner';
import { useSetPartnerPaused } from '@/features/partners/api/set-partner-paused';
import { PartnerForm } from '@/features/partners/components/partner-form';
import { useDelayedNavigate } from '@/hooks/use-delayed-navigate';
import { useOncePerPress } from '@/hooks/use-once-per-press';
import { errorMessage } from '@/lib/api-client';
import { OfferRow } from './offer-row';
import { StateToggleButton } from './state-toggle-button';
import { texts } from './texts';

type PartnerCardProps = {
  partner: TAdminPartner;
  open: boolean;
  onToggle: () => void;
};

/** One partner: its name and state; opened, its contacts, staff and offers, and what an admin does with them. */
export function PartnerCard({ partner, open, onToggle }: PartnerCardProps) {
  const paused = partner.status === 'paused';
  const onSale = partner.offers.filter((offer) => offer.state === 'on_sale').length;
  return (
    <article className="partner-card" data-status={partner.status} aria-label={partner.companyName}>
      <button type="button" className="partner-card__summary" aria-expanded={open} onClick={onToggle}>
        <span className="partner-card__name">{partner.companyName}</span>
        <span className="partner-card__meta">
          {partner.region} · {partner.partnerType}
        </span>
        <span className="partner-card__meta">
          {paused ? <span className="partner-card__paused">{texts.paused}</span> : texts.onSale(onSale)}
        </span>
        {partner.rating && <span className="partner-card__meta">{texts.rating(partner.rating)}</span>}
      </button>
      {open && <PartnerDetails partner={partner} />}
    </article>
  );
}

function PartnerDetails({ partner }: { partner: TAdminPartner }) {
  const [editing, setEditing] = useState(false);
  // Pausing hides the partner from every buyer at once: it is asked about first, resuming is not.
  const [askingPause, setAskingPause] = useState(false);
  const pausePress = useOncePerPress();
  const paused = partner.status === 'paused';
  const setPaused = useSetPartnerPaused();
  const editPartner = useEditPartner();
  const { go, pendingTo } = useDelayedNavigate();
  const staffHref = paths.partnerStaff.getHref(partner.id);

  const save = (body: TAddPartnerRequest) => editPartner.mutateAsync({ partnerId: partner.id, body });
  // The form takes the place of the facts, above the button pressed: bring its top into view.
  const details = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (editing) details.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [editing]);

  return (
    <div className="partner-card__details" ref={details}>
      {editing ? (
        <>
          <PartnerForm partner={partner} save={save} />
          <Button variant="secondary" onClick={() => setEditing(false)}>
            {texts.closeEdit}
          </Button>
        </>
      ) : (
        <>
          <FactList>
            <Fact label={texts.phone} value={formatPhone(partner.phoneNumber)} />
            <Fact label={texts.address} value={partner.address} />
            <Fact label={texts.email} value={partner.email} />
            <Fact label={texts.spokesman} value={`@${partner.spokesmanNickname}`} />
            <Fact
              label={texts.staff}
              value={partner.staff.map((name) => `@${name}`).join(', ') || texts.noStaff}
            />
          </FactList>
          {partner.discountConditions.length > 0 && (
            <ul className="partner-card__conditions">
              {partner.discountConditions.map((condition) => (
                <li key={condition}>{condition}</li>
              ))}
            </ul>
          )}
          {paused && <Notice tone="info">{texts.pausedNote}</Notice>}
          {askingPause && !paused ? (
            <ConfirmStep
              question={texts.pauseQuestion(partner.companyName)}
              detail={texts.pauseDetail}
              confirm={texts.pause}
              cancel={texts.cancel}
              pending={setPaused.isPending}
              onConfirm={() =>
                pausePress.press(() =>
                  setPaused.mutate(
                    { partnerId: partner.id, paused: true },
                    { onSuccess: () => setAskingPause(false), onSettled: pausePress.release },
                  ),
                )
              }
              onCancel={() => setAskingPause(false)}
            />
          ) : (
            <div className="partners__actions partners__actions--three">
              <Button variant="secondary" onClick={() => setEditing(true)}>
                {texts.edit}
              </Button>
              {paused ? (
                <StateToggleButton
                  key={partner.status}
                  disabled={setPaused.isPending}
                  act={(release) =>
                    setPaused.mutate({ partnerId: partner.id, paused: false }, { onError: release })
                  }
                >
                  {texts.resume}
                </StateToggleButton>
              ) : (
                <Button
                  variant="secondary"
                  disabled={setPaused.isPending}
                  onClick={() => setAskingPause(true)}
                >
                  {texts.pause}
                </Button>
              )}
              <Button variant="secondary" pressed={pendingTo === staffHref} onClick={() => go(staffHref)}>
                {texts.manageStaff}
              </Button>
            </div>
          )}
          {setPaused.error && <Notice tone="error">{errorMessage(setPaused.error)}</Notice>}
        </>
      )}
      <section className="partner-card__offers" aria-label={texts.offers}>
        <h3 className="partner-card__offers-title">{texts.offers}</h3>
        {partner.offers.length === 0 ? (
          <p className="partner-card__none">{texts.noOffers}</p>
        ) : (
          <ul className="partner-card__offer-list">
            {partner.offers.map((offer) => (
              <OfferRow key={offer.id} offer={offer} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
