import { describe, expect, it } from 'vitest';
import {
  chooseOffer,
  choosePartner,
  chooseRegion,
  chooseType,
  readSelection,
  showOffers,
  showPartners,
  toSearchParams,
} from '../buy-selection';

const full = chooseOffer(
  showOffers(choosePartner(showPartners(chooseType(chooseRegion('Карелия'), 'ШКОЛА')), 1)),
  21,
);

describe('buy selection', () => {
  it('survives the trip through the address', () => {
    expect(readSelection(toSearchParams(full))).toEqual(full);
    expect(toSearchParams(full).toString()).toBe(
      'region=%D0%9A%D0%B0%D1%80%D0%B5%D0%BB%D0%B8%D1%8F&type=%D0%A8%D0%9A%D0%9E%D0%9B%D0%90&partners=1&partner=1&offers=1&offer=21',
    );
  });

  it('keeps only the steps whose earlier steps are there', () => {
    expect(readSelection(new URLSearchParams('type=ШКОЛА&partners=1&partner=1&offers=1&offer=21'))).toEqual(
      chooseRegion(''),
    );
    expect(readSelection(new URLSearchParams('region=Алтай&type=ТУРЫ&partner=3&offers=1&offer=4'))).toEqual(
      chooseType(chooseRegion('Алтай'), 'ТУРЫ'),
    );
    expect(readSelection(new URLSearchParams('region=Алтай&type=ТУРЫ&partners=1&partner=x'))).toEqual(
      showPartners(chooseType(chooseRegion('Алтай'), 'ТУРЫ')),
    );
  });

  it('drops every later step when an earlier one changes', () => {
    expect(chooseType(full, 'ПРОКАТ')).toEqual(chooseType(chooseRegion('Карелия'), 'ПРОКАТ'));
    expect(choosePartner(full, 5)).toMatchObject({ partnerId: 5, offersShown: false, offerId: null });
  });

  it('shows partners only with a region and a type, and offers only with a partner', () => {
    const regionOnly = chooseRegion('Карелия');
    expect(showPartners(regionOnly)).toBe(regionOnly);
    const noPartner = showPartners(chooseType(regionOnly, 'ШКОЛА'));
    expect(showOffers(noPartner)).toBe(noPartner);
  });
});
