import {
  isoToMoscowWallClock,
  MAX_OFFER_QUANTITY,
  MAX_PER_BUYER,
  moscowWallClockToIso,
  offerLimitTexts,
  type TOfferLimits,
} from '#contract/offer-limits';
import { TextField } from '@/components/ui/field';
import { typedWholeNumber } from '@/lib/typed-whole-number';

/** The three limits as typed: two counts, and Moscow's wall clock (`YYYY-MM-DDTHH:MM`); '' is none. */
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

/** A count as typed, '' (none) aside: undefined unless a whole number within 1…`max`. */
function countOf(text: string, max: number): number | undefined {
  const count = typedWholeNumber(text);
  return count !== undefined && count >= 1 && count <= max ? count : undefined;
}

/** The draft of limits an offer has now (the admin's edit starts from it). */
export const draftOf = (limits: TOfferLimits): OfferLimitDraft => ({
  quantity: limits.quantity === null ? '' : String(limits.quantity),
  perBuyer: limits.perBuyer === null ? '' : String(limits.perBuyer),
  saleStartsAt: limits.saleStartsAt === null ? '' : isoToMoscowWallClock(limits.saleStartsAt),
});

/** Why the typed limits cannot be sent, field by field; empty when they can. */
export function limitProblems(draft: OfferLimitDraft): Partial<Record<keyof OfferLimitDraft, string>> {
  const problems: Partial<Record<keyof OfferLimitDraft, string>> = {};
  // Refused as typed, never cut to its digits: «10.5» is not 105 coupons.
  if (draft.quantity.trim() !== '' && countOf(draft.quantity, MAX_OFFER_QUANTITY) === undefined)
    problems.quantity = offerLimitTexts.quantity;
  if (draft.perBuyer.trim() !== '' && countOf(draft.perBuyer, MAX_PER_BUYER) === undefined)
    problems.perBuyer = offerLimitTexts.perBuyer;
  if (draft.saleStartsAt !== '' && Number.isNaN(Date.parse(`${draft.saleStartsAt}:00+03:00`)))
    problems.saleStartsAt = offerLimitTexts.saleStartsAt;
  return problems;
}

/** The limits as the contract takes them, once limitProblems has none: none where nothing was typed. */
export const limitsOf = (draft: OfferLimitDraft): TOfferLimits => ({
  quantity: countOf(draft.quantity, MAX_OFFER_QUANTITY) ?? null,
  perBuyer: countOf(draft.perBuyer, MAX_PER_BUYER) ?? null,
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
        autoComplete="off"
        value={draft.quantity}
        error={problems.quantity}
        onChange={(event) => onChange({ ...draft, quantity: event.target.value })}
      />
      <TextField
        label={limitTexts.perBuyer}
        note={limitTexts.perBuyerNote}
        inputMode="numeric"
        autoComplete="off"
        value={draft.perBuyer}
        error={problems.perBuyer}
        onChange={(event) => onChange({ ...draft, perBuyer: event.target.value })}
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
