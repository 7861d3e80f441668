export const catalogueKeys = {
  regions: ['catalogue', 'regions'] as const,
  types: (region: string) => ['catalogue', 'types', region] as const,
  partners: (region: string | undefined, type: string | undefined) =>
    ['catalogue', 'partners', region, type] as const,
  offers: (partnerId: number | null) => ['catalogue', 'offers', partnerId] as const,
};
