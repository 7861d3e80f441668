export const adminPurchaseKeys = {
  all: ['admin-purchases'] as const,
  filtered: (filters: object) => [...adminPurchaseKeys.all, filters] as const,
};
