export const waitlistKeys = {
  /** The caller's place in the line of a sold-out offer. */
  place: (couponId: number | null) => ['waitlist', couponId] as const,
};
