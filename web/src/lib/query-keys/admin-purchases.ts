export const adminPurchaseKeys = {
  all: ['admin-purchases'] as const,
  filtered: (filters: object) => [...adminPurchaseKeys.all, filters] as const,
  /** Money owed without a coupon, which the admins return by hand. */
  unsoldRefunds: () => [...adminPurchaseKeys.all, 'unsold-refunds'] as const,
};
