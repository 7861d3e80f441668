import { type FormEvent, useState } from 'react';
import type { TOfferLimits } from '#contract/offer-limits';
import { lastDayProblem, type TAdminOffer, ZOfferChangeRequest } from '#contract/offers';
import { Button } from '@/components/ui/button';
import { ConfirmStep } from '@/components/ui/confirm-step';
import { LinkField, TextField } from '@/components/ui/field';
import { Notice } from '@/components/ui/notice';
import { offerValidityText } from '@/features/catalogue/offer-validity';
import {
  draftOf,
  limitProblems,
  limitsOf,
  OfferLimitFields,
} from '@/features/coupon-requests/components/offer-limit-fields';
import { useChangeOffer } from '@/features/partners/api/change-offer';
import { useSetOfferWithdrawn } from '@/features/partners/api/set-offer-withdrawn';
import { useClock } from '@/hooks/use-clock';
import { useOncePerPress } from '@/hooks/use-once-per-press';
import { errorMessage } from '@/lib/api-client';
import { today } from '@/lib/dates';
import { StateToggleButton } from './state-toggle-button';
import { texts } from './texts';

/** Only a decided offer (on sale or withdrawn) has a link and a validity to change. */
const isDecided = (offer: TAdminOffer) => offer.state === 'on_sale' || offer.state === 'withdrawn';

/** One offer of a partner: its terms and state; a decided one is withdrawn, reopened or changed. */
export function OfferRow({ offer }: { offer: TAdminOffer }) {
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const withdraw = useSetOfferWithdrawn();
  // Withdrawing takes the offer off sale for every buyer at once: asked about first, reopening is not.
  const [askingWithdraw, setAskingWithdraw] = useState(false);
  const withdrawPress = useOncePerPress();
  const withdrawn = offer.state === 'withdrawn';
  const clock = useClock();
  // Past its last day an offer is on sale to nobody: said so, not «В продаже».
  const ended =
    offer.state === 'on_sale' && offer.validUntil !== null && offer.validUntil < today(clock.timeZone);

  return (
    <li className="offer-row" data-state={offer.state}>
      <div className="offer-row__head">
        <span className="offer-row__terms">{texts.offerTerms(offer.discount, offer.price)}</span>
        <span className="offer-row__state">{ended ? texts.offerEnded : texts.offerStates[offer.state]}</span>
      </div>
      {offer.termsProblem && (
        <p className="offer-row__line offer-row__problem">{texts.offerTermsProblem(offer.termsProblem)}</p>
      )}
      <p className="offer-row__line">{offerValidityText(offer) || texts.noTimeLimit}</p>
      {isDecided(offer) && <p className="offer-row__line">{texts.offerStock(offer)}</p>}
      {offer.perBuyer !== null && <p className="offer-row__line">{texts.offerPerBuyer(offer.perBuyer)}</p>}
      {offer.saleStartsAt !== null && (
        <p className="offer-row__line">{texts.offerSaleStarts(clock.dateTime(offer.saleStartsAt))}</p>
      )}
      {offer.paymentLinkNeeded && (
        <p className="offer-row__line offer-row__link">
          {offer.paymentLink ? `${texts.paymentLink}: ${offer.paymentLink}` : texts.noPaymentLink}
        </p>
      )}
      {isDecided(offer) &&
        (askingWithdraw && !withdrawn ? (
          <ConfirmStep
            question={texts.withdrawQuestion(offer.discount)}
            detail={texts.withdrawDetail}
            confirm={texts.withdraw}
            cancel={texts.cancel}
            pending={withdraw.isPending}
            onConfirm={() =>
              withdrawPress.press(() =>
                withdraw.mutate(
                  { offerId: offer.id, withdrawn: true },
                  { onSuccess: () => setAskingWithdraw(false), onSettled: withdrawPress.release },
                ),
              )
            }
            onCancel={() => setAskingWithdraw(false)}
          />
        ) : editing ? (
          <OfferChangeForm
            offer={offer}
            onDone={(done) => {
              setEditing(false);
              setSaved(done);
            }}
          />
        ) : (
          <div className="partners__actions">
            <Button
              variant="secondary"
              onClick={() => {
                setSaved(false);
                setEditing(true);
              }}
            >
              {offer.paymentLinkNeeded ? texts.changeOffer : texts.changeValidity}
            </Button>
            {/* An offer that costs the buyer more than it saves stays off sale (the server refuses too). */}
            {withdrawn ? (
              !offer.termsProblem && (
                <StateToggleButton
                  key={offer.state}
                  disabled={withdraw.isPending}
                  act={(release) => {
                    setSaved(false);
                    withdraw.mutate({ offerId: offer.id, withdrawn: false }, { onError: release });
                  }}
                >
                  {texts.reopen}
                </StateToggleButton>
              )
            ) : (
              <Button
                variant="secondary"
                disabled={withdraw.isPending}
                onClick={() => {
                  setSaved(false);
                  setAskingWithdraw(true);
                }}
              >
                {texts.withdraw}
              </Button>
            )}
          </div>
        ))}
      {saved && <Notice tone="success">{texts.saved}</Notice>}
      {withdraw.error && <Notice tone="error">{errorMessage(withdraw.error)}</Notice>}
    </li>
  );
}

/** Only the limits the admin changed are sent: one left as it was is not rewritten. */
function changedLimits(offer: TAdminOffer, typed: TOfferLimits): Partial<TOfferLimits> {
  return Object.fromEntries(
    (Object.keys(typed) as (keyof TOfferLimits)[])
      .filter((key) => typed[key] !== offer[key])
      .map((key) => [key, typed[key]]),
  );
}

type OfferChangeFormProps = {
  offer: TAdminOffer;
  /** Closes the form: `true` once the change is saved, `false` when called off. */
  onDone: (saved: boolean) => void;
};

function OfferChangeForm({ offer, onDone }: OfferChangeFormProps) {
  const [paymentLink, setPaymentLink] = useState(offer.paymentLink ?? '');
  const [validUntil, setValidUntil] = useState(offer.validUntil ?? '');
  const [validDays, setValidDays] = useState(offer.validDays === null ? '' : String(offer.validDays));
  const [limits, setLimits] = useState(() => draftOf(offer));
  const [problem, setProblem] = useState<string>();
  const change = useChangeOffer();
  const press = useOncePerPress();
  // The community's day, as the catalogue and the server's check go by.
  const todayThere = today(useClock().timeZone);
  // The last day is sent only when changed: an expired offer's link, days or limits can be changed
  // with its past day kept, while a day typed now must be today or later (the server refuses too).
  const lastDayChanged = validUntil !== (offer.validUntil ?? '');
  const lastDayError =
    lastDayChanged && validUntil !== '' ? lastDayProblem(validUntil, todayThere) : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    // The contract's own checks, so a wrong number is said here in the words the server would use.
    const parsed = ZOfferChangeRequest.safeParse({
      // Asked for only where buyers pay through the offer's own link; else the stored one stays.
      ...(offer.paymentLinkNeeded && { paymentLink }),
      ...(lastDayChanged && { validUntil: validUntil === '' ? null : validUntil }),
      validDays: validDays.trim() === '' ? null : validDays.trim(),
      ...changedLimits(offer, limitsOf(limits)),
    });
    if (lastDayError || Object.keys(limitProblems(limits)).length > 0) return;
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      return;
    }
    setProblem(undefined);
    press.press(() =>
      change.mutate(
        { offerId: offer.id, body: parsed.data },
        {
          onSuccess: () => onDone(true),
          onError: (error) => setProblem(errorMessage(error)),
          onSettled: press.release,
        },
      ),
    );
  }

  return (
    <form className="offer-row__form" noValidate onSubmit={submit}>
      {offer.paymentLinkNeeded && (
        <LinkField
          label={texts.paymentLink}
          value={paymentLink}
          onChange={(event) => setPaymentLink(event.target.value)}
        />
      )}
      <TextField
        label={texts.validUntil}
        type="date"
        value={validUntil}
        error={lastDayError}
        onChange={(event) => setValidUntil(event.target.value)}
      />
      <TextField
        label={texts.validDays}
        inputMode="numeric"
        autoComplete="off"
        value={validDays}
        note={texts.validityNote}
        onChange={(event) => setValidDays(event.target.value)}
      />
      <OfferLimitFields draft={limits} onChange={setLimits} />
      {problem && <Notice tone="error">{problem}</Notice>}
      <div className="partners__actions">
        <Button type="submit" disabled={change.isPending}>
          {texts.save}
        </Button>
        <Button variant="secondary" onClick={() => onDone(false)}>
          {texts.cancel}
        </Button>
      </div>
    </form>
  );
}
