import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  sign,
  verify,
} from 'node:crypto';
import { isNull, or, sql } from 'drizzle-orm';
import { splitSignature, withSignature } from '#contract/coupon-qr';
import type { Db } from '../../db/client.ts';
import { signingKeys } from '../../db/schema.ts';

/** How long a retired key is still given to devices: longer than any coupon lives. */
const RETIRED_KEYS_KEPT = sql`interval '400 days'`;
/** How long a process keeps the active key before reading it again (another may have rotated it). */
const ACTIVE_KEY_TTL_MS = 60_000;

/** The raw 32 bytes of an Ed25519 public key, out of its SPKI DER (a 12-byte header, then the key). */
const rawPublicKey = (spkiDer: Buffer) => spkiDer.subarray(spkiDer.length - 32);
const spkiFromRaw = (raw: Buffer) => Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), raw]);

/**
 * Ed25519 signatures of coupon QR texts, for checking them with no signal: the server signs the exact UTF-8 bytes before
 * `,sig=`; a partner's device verifies them with no signal. The key lives in the database so every
 * process signs alike; the first process to need one makes it.
 */
export function createCouponSigner(db: Db) {
  let cached: { kid: string; privateKey: ReturnType<typeof createPrivateKey>; at: number } | undefined;

  async function activeKey() {
    if (cached && Date.now() - cached.at < ACTIVE_KEY_TTL_MS) return cached;
    let [row] = await db.select().from(signingKeys).where(isNull(signingKeys.retiredAt));
    if (!row) {
      await insertKey(db);
      [row] = await db.select().from(signingKeys).where(isNull(signingKeys.retiredAt));
    }
    if (!row) throw new Error('no active signing key');
    cached = {
      kid: row.kid,
      privateKey: createPrivateKey({ key: row.privateKey, format: 'der', type: 'pkcs8' }),
      at: Date.now(),
    };
    return cached;
  }

  /** The text with its signature appended (the key at the time of signing). */
  async function signQrText(text: string): Promise<string> {
    const { privateKey } = await activeKey();
    return withSignature(text, sign(null, Buffer.from(text, 'utf8'), privateKey).toString('base64url'));
  }

  /** Every key a device may need: the active one and those retired recently. */
  async function publicKeys(): Promise<{ kid: string; key: string }[]> {
    // A device may ask before any coupon was signed: the key it will need exists from now on.
    await activeKey();
    const rows = await db
      .select({ kid: signingKeys.kid, publicKey: signingKeys.publicKey })
      .from(signingKeys)
      .where(or(isNull(signingKeys.retiredAt), sql`${signingKeys.retiredAt} > now() - ${RETIRED_KEYS_KEPT}`))
      .orderBy(signingKeys.createdAt);
    return rows.map((row) => ({ kid: row.kid, key: row.publicKey.toString('base64url') }));
  }

  /** Whether a QR text carries a valid signature of one of these keys. */
  function verifyQrText(text: string, keys: { key: string }[]): boolean {
    const parts = splitSignature(text);
    if (!parts) return false;
    const signature = Buffer.from(parts.signature, 'base64url');
    return keys.some(({ key }) =>
      verify(
        null,
        Buffer.from(parts.signed, 'utf8'),
        createPublicKey({ key: spkiFromRaw(Buffer.from(key, 'base64url')), format: 'der', type: 'spki' }),
        signature,
      ),
    );
  }

  /** Retires the active key and makes a new one; coupons signed before keep verifying with the old. */
  async function rotate(): Promise<string> {
    await db.transaction(async (tx) => {
      await tx.update(signingKeys).set({ retiredAt: sql`now()` }).where(isNull(signingKeys.retiredAt));
      await insertKey(tx);
    });
    cached = undefined;
    return (await activeKey()).kid;
  }

  return { signQrText, publicKeys, verifyQrText, rotate };
}

/** A new active key, unless another process made one first (the partial unique key decides). */
async function insertKey(executor: Pick<Db, 'insert'>) {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  await executor
    .insert(signingKeys)
    .values({
      kid: randomBytes(6).toString('base64url'),
      publicKey: rawPublicKey(publicKey.export({ format: 'der', type: 'spki' })),
      privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }),
    })
    .onConflictDoNothing();
}

export type CouponSigner = ReturnType<typeof createCouponSigner>;
