import { VISIBLE_STATE_COLUMNS } from './visible-state.ts';

/**
 * The columns of `purchased_coupons` whose change each trigger tells of, written once here
 * (migrations 0014, 0018 and 0020 wrote them by hand): watched-columns.test.ts reads `pg_trigger`
 * and the trigger functions and fails when a migration and this list part. A migration that
 * changes a trigger's columns changes them here too.
 */
export const WATCHED_COLUMNS = {
  /**
   * The owner's My QR version: whose it is, its offer, its QR and its visible state but expiry,
   * which comes with the clock (the list's tag counts the expired ones).
   */
  purchased_coupons_my_qr_version: [
    'owner_id',
    'coupon_id',
    'qr_token',
    ...VISIBLE_STATE_COLUMNS.filter((column) => column !== 'expires_at'),
  ],
  /** The caption of a photo of its QR: its QR, its visible state, and the sweep's record of its expiry. */
  purchased_coupons_qr_photo_changed: ['qr_token', ...VISIBLE_STATE_COLUMNS, 'expiry_recorded_at'],
  /** A QR a gift replaced, for the offline kit. */
  purchased_coupons_retire_qr_token: ['qr_token'],
} as const satisfies Record<string, readonly string[]>;
