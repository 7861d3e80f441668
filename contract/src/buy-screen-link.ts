/**
 * The buy screen opened on one offer, as a bot button links to it: the address `buy-selection.ts` of
 * the buy screen reads (region, type, the partners and offers shown, the partner and the offer
 * chosen). No zod: the server's messages and the web's screen share it.
 */
export function buyScreenPathOf(offer: {
  region: string;
  type: string;
  partnerId: number;
  offerId: number;
}): string {
  const params: [string, string][] = [
    ['region', offer.region],
    ['type', offer.type],
    ['partners', '1'],
    ['partner', String(offer.partnerId)],
    ['offers', '1'],
    ['offer', String(offer.offerId)],
  ];
  return `/buy-coupons?${params.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&')}`;
}
