import {
  isoToMoscowWallClock,
  MAX_OFFER_QUANTITY,
  MAX_PER_BUYER,
  moscowWallClockToIso,
  offerLimitTexts,
  type TOfferLimits,
} from '#contract/offer-limits';
import { TextField } from '@/components/ui/field';

/** The three limits as typed: digits, digits, and Moscow's wall clock (`YYYY-MM-DDTHH:MM`); '' is none. */
export type OfferLimitDraft = { quantity: string; perBuyer: string; saleStartsAt: string };

export const NO_LIMITS: OfferLimitDraft = { quantity: '', perBuyer: '', saleStartsAt: '' };

export const limitTexts = {
  quantity: 'Сколько купонов всего',
  quantityNote: 'Пусто — без ограничения.',
  perBuyer: 'В одни руки, не больше',
  perBuyerNote: 'Пусто — без ограничения.',
  saleStartsAt: 'Начало продажи, по Москве',
  saleStartsAtNote: 'Пусто — сразу после одобрения. До начала купон виден, но не продается.',
} as const;

const digits = (text: string) => text.replace(/\D/g, '').slice(0, 6);

/** The draft of limits an offer has now (the admin's edit starts from it). */
export const draftOf = (limits: TOfferLimits): OfferLimitDraft => ({
  quantity: limits.quantity === null ? '' : String(limits.quantity),
  perBuyer: limits.perBuyer === null ? '' : String(limits.perBuyer),
  saleStartsAt: limits.saleStartsAt === null ? '' : isoToMoscowWallClock(limits.saleStartsAt),
});

/** Why the typed limits cannot be sent, field by field; empty when they can. */
export function limitProblems(draft: OfferLimitDraft): Partial<Record<keyof OfferLimitDraft, string>> {
  const problems: Partial<Record<keyof OfferLimitDraft, string>> = {};
  const quantity = Number(draft.quantity);
  if (draft.quantity !== '' && (quantity < 1 || quantity > MAX_OFFER_QUANTITY))
    problems.quantity = offerLimitTexts.quantity;
  const perBuyer = Number(draft.perBuyer);
  if (draft.perBuyer !== '' && (perBuyer < 1 || perBuyer > MAX_PER_BUYER))
    problems.perBuyer = offerLimitTexts.perBuyer;
  if (draft.saleStartsAt !== '' && Number.isNaN(Date.parse(`${draft.saleStartsAt}:00+03:00`)))
    problems.saleStartsAt = offerLimitTexts.saleStartsAt;
  return problems;
}

/** The limits as the contract takes them: none where nothing was typed. */
export const limitsOf = (draft: OfferLimitDraft): TOfferLimits => ({
  quantity: draft.quantity === '' ? null : Number(draft.quantity),
  perBuyer: draft.perBuyer === '' ? null : Number(draft.perBuyer),
  saleStartsAt: draft.saleStartsAt === '' ? null : moscowWallClockToIso(draft.saleStartsAt),
});

/** An offer's optional limits: how many in all, how many to one person, when its sale opens. */
export function OfferLimitFields({
  draft,
  onChange,
}: {
  draft: OfferLimitDraft;
  onChange: (draft: OfferLimitDraft) => void;
}) {
  const problems = limitProblems(draft);
  return (
    <>
      <TextField
        label={limitTexts.quantity}
        note={limitTexts.quantityNote}
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="off"
        value={draft.quantity}
        error={problems.quantity}
        onChange={(event) => onChange({ ...draft, quantity: digits(event.target.value) })}
      />
      <TextField
        label={limitTexts.perBuyer}
        note={limitTexts.perBuyerNote}
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="off"
        value={draft.perBuyer}
        error={problems.perBuyer}
        onChange={(event) => onChange({ ...draft, perBuyer: digits(event.target.value) })}
      />
      <TextField
        label={limitTexts.saleStartsAt}
        note={limitTexts.saleStartsAtNote}
        type="datetime-local"
        value={draft.saleStartsAt}
        error={problems.saleStartsAt}
        onChange={(event) => onChange({ ...draft, saleStartsAt: event.target.value })}
      />
    </>
  );
}
