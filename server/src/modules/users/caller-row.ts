import type { StoredMembership } from './membership.service.ts';

/**
 * The caller's own row as a request's write of their profile returns it, for /api/me and a payment
 * start's consent check: their membership, consent and e-mail as stored, and whether a gift is held
 * for their username. me/caller-row.query.ts says which columns give it.
 */
export interface CallerRow extends StoredMembership {
  email: string | null;
  consentEdition: string | null;
  heldGiftWaits: boolean;
}
