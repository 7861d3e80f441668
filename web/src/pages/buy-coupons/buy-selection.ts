/**
 * The buyer's choices (SPEC §4 Buying), kept in the address so that a trip to the offer terms or
 * back from an unpaid payment check finds them in place. Each step needs the one before it, and
 * changing a step drops every later one.
 */
export type BuySelection = {
  region: string;
  type: string;
  partnersShown: boolean;
  partnerId: number | null;
  offersShown: boolean;
  offerId: number | null;
};

const NOTHING_CHOSEN: BuySelection = {
  region: '',
  type: '',
  partnersShown: false,
  partnerId: null,
  offersShown: false,
  offerId: null,
};

const idOf = (text: string | null) => {
  const id = Number(text);
  return Number.isInteger(id) && id > 0 ? id : null;
};

export function readSelection(params: URLSearchParams): BuySelection {
  const region = params.get('region') ?? '';
  const type = region ? (params.get('type') ?? '') : '';
  const partnersShown = type !== '' && params.get('partners') === '1';
  const partnerId = partnersShown ? idOf(params.get('partner')) : null;
  const offersShown = partnerId !== null && params.get('offers') === '1';
  const offerId = offersShown ? idOf(params.get('offer')) : null;
  return { region, type, partnersShown, partnerId, offersShown, offerId };
}

export function toSearchParams(selection: BuySelection): URLSearchParams {
  const params = new URLSearchParams();
  if (selection.region) params.set('region', selection.region);
  if (selection.type) params.set('type', selection.type);
  if (selection.partnersShown) params.set('partners', '1');
  if (selection.partnerId !== null) params.set('partner', String(selection.partnerId));
  if (selection.offersShown) params.set('offers', '1');
  if (selection.offerId !== null) params.set('offer', String(selection.offerId));
  return params;
}

export const chooseRegion = (region: string): BuySelection => ({ ...NOTHING_CHOSEN, region });

export const chooseType = ({ region }: BuySelection, type: string): BuySelection => ({
  ...NOTHING_CHOSEN,
  region,
  type,
});

/** SPEC §5: partners are shown only once both the region and the type are chosen. */
export const showPartners = (selection: BuySelection): BuySelection =>
  selection.region && selection.type ? { ...selection, partnersShown: true } : selection;

export const choosePartner = (selection: BuySelection, partnerId: number | null): BuySelection => ({
  ...selection,
  partnerId,
  offersShown: false,
  offerId: null,
});

export const showOffers = (selection: BuySelection): BuySelection =>
  selection.partnerId !== null ? { ...selection, offersShown: true } : selection;

export const chooseOffer = (selection: BuySelection, offerId: number): BuySelection => ({
  ...selection,
  offerId,
});
