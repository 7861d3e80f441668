import 'dotenv/config';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { createCouponSigner } from '../src/modules/coupon-signing/coupon-signer.ts';

/**
 * `npm run rotate-signing-key`: retires the key coupons are signed with and makes a new one (ADR
 * 0013), say when the old one may have leaked. Coupons sold before keep verifying with the old key;
 * running servers sign with the new one within a minute, and partners' phones learn it at their
 * next refresh. PGlite's folder belongs to its server: stop it first.
 */
export async function rotateSigningKey(database: Database): Promise<string> {
  return createCouponSigner(database.db).rotate();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    console.log(`Coupons are now signed with key ${await rotateSigningKey(database)}.`);
  } finally {
    await database.close();
  }
}
