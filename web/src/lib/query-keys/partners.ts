export const partnerKeys = {
  options: ['partners', 'options'] as const,
  admin: ['partners', 'admin'] as const,
  staff: (partnerId: number | null) => ['partners', 'staff', partnerId] as const,
};
