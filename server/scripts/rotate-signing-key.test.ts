import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { createCouponSigner } from '../src/modules/coupon-signing/coupon-signer.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'kss-rotate-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm run rotate-signing-key', () => {
  it('retires the key coupons were signed with: old coupons still verify, new ones use the new key', async () => {
    let database = await openDatabase({ dataDir });
    const before = await createCouponSigner(database.db).signQrText('purchased_coupon_id=t,pid=1');
    await database.close();

    // As the operator runs it, with the server stopped: a process of its own on the same folder.
    const printed = execFileSync('node', ['--import', 'tsx', 'server/scripts/rotate-signing-key.ts'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      encoding: 'utf8',
    });
    const kid = /signed with key (\S+)\./.exec(printed)?.[1];

    database = await openDatabase({ dataDir });
    try {
      const signer = createCouponSigner(database.db);
      const keys = await signer.publicKeys();
      expect(keys.map((key) => key.kid)).toHaveLength(2);
      expect(keys.at(-1)?.kid).toBe(kid);
      expect(signer.verifyQrText(before, keys)).toBe(true);
      const after = await signer.signQrText('purchased_coupon_id=t,pid=1');
      expect(signer.verifyQrText(after, keys.slice(0, 1))).toBe(false);
      expect(signer.verifyQrText(after, keys)).toBe(true);
    } finally {
      await database.close();
    }
  });
});
