export const waitlistKeys = {
  /** The caller's place in the line of a sold-out offer. */
  place: (offerId: number | null) => ['waitlist', offerId] as const,
};
