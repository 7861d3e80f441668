export const reportKeys = {
  partners: ['reports', 'partners'] as const,
  /** Every partner's and period's redemptions: what hiding a rating's comment makes stale. */
  redemptions: ['reports', 'redemptions'] as const,
  redemptionsOf: (query: object | null) => [...reportKeys.redemptions, query] as const,
  weekly: (query: object | null) => ['reports', 'weekly', query] as const,
  season: (period: object | null) => ['reports', 'season', period] as const,
  settlement: (period: object | null) => ['reports', 'settlement', period] as const,
  audit: (query: object | null) => ['reports', 'audit', query] as const,
};
