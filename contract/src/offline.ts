import { z } from 'zod';

/** GET /api/redemption/offline-kit: what a partner's device needs to check coupons with no signal. */
export const ZOfflineKit = z.object({
  /** Ed25519 public keys, raw 32 bytes in base64url; retired ones stay while their coupons may live. */
  publicKeys: z.array(z.object({ kid: z.string(), key: z.string() })),
  /**
   * QR tokens of the caller's companies that are no longer valid: used, gifted away, refunded, void.
   * Every one of them, so a phone that reads only this list still refuses them all.
   */
  revoked: z.array(z.string()),
  /**
   * What became of the tokens of `revoked` that were not used, by their places in it (from 0), under
   * a scan's status (ZScanStatus: REFUNDED, REFUND_PENDING, VOID, GIFTED_AWAY), so the phone says it
   * as a scan with a signal would; every other one was used. Places, not tokens: most are used, and
   * a place costs a few bytes. Any key is taken, so a phone that does not know a newer one still
   * loads the kit (and says only that the coupon is dead). Absent in a kit stored before kits said it.
   */
  revokedWhy: z.record(z.string(), z.array(z.number().int().min(0))).optional(),
  /** The companies whose coupons this device may redeem (`pid` in the QR); null for an admin: any. */
  partnerIds: z.array(z.number().int()).nullable(),
  /**
   * The names and places of those companies (every company for an admin): a QR leaves them empty to
   * stay small (`pid` says which), and the device shows them from here with no signal.
   */
  partners: z.array(
    z.object({ id: z.number().int(), companyName: z.string(), region: z.string(), address: z.string() }),
  ),
  /** Where a coupon's last day (`exp`) ends: the server's report time zone. */
  timeZone: z.string(),
  asOf: z.string(),
});
export type TOfflineKit = z.infer<typeof ZOfflineKit>;

export const MAX_SYNC_ITEMS = 200;

/** POST /api/redemption/sync: redemptions made with no signal, each with the device's random nonce. */
export const ZSyncRequest = z.object({
  redemptions: z
    .array(
      z.object({
        nonce: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'Ожидался случайный идентификатор'),
        qrToken: z.string().trim().min(1).max(200),
        redeemedAt: z.iso.datetime({ offset: true, message: 'Время погашения: ISO 8601' }),
      }),
    )
    .max(MAX_SYNC_ITEMS, `Не больше ${MAX_SYNC_ITEMS} погашений за раз`),
});
export type TSyncRequest = z.input<typeof ZSyncRequest>;

export const ZSyncOutcome = z.enum(['applied', 'duplicate', 'conflict', 'refused']);
export const ZSyncResponse = z.object({
  results: z.array(z.object({ nonce: z.string(), outcome: ZSyncOutcome, message: z.string().optional() })),
});
export type TSyncResponse = z.infer<typeof ZSyncResponse>;
