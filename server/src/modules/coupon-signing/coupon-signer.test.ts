import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { parseCouponQr, splitSignature } from '#contract/coupon-qr';
import { couponVectors } from '#test-support/coupon-vectors';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { couponQrText, newQrToken } from '../purchased-coupons/qr.ts';
import { type CouponSigner, createCouponSigner } from './coupon-signer.ts';

let t: TestApp;
let signer: CouponSigner;

const couponOf = (telegramName: string) =>
  couponQrText({
    telegramName,
    token: newQrToken(),
    purchasedAt: new Date('2027-08-31T12:00:00Z'),
    discount: 15000,
    expiresOn: '2027-09-30',
    partnerId: 1234,
    timeZone: 'Europe/Moscow',
  });

/**
 * The longest coupon text the server can print: the company's name and place are the kit's, so what
 * is left to grow is the owner's name; one without a username is a first name of up to 64 letters.
 */
const longestCoupon = () => couponOf('Я'.repeat(64));

/** A coupon of a buyer with a username, as most are: 32 characters at most. */
const usualCoupon = () => couponOf(`@${'u'.repeat(32)}`);

beforeAll(async () => {
  t = await createTestApp({});
  signer = createCouponSigner(t.database.db);
});
afterAll(() => t.close());

describe('signed coupon QR texts', () => {
  it('sign the exact text before ,sig= with the server’s Ed25519 key; the fields stay the spec’s', async () => {
    const text = longestCoupon();
    const signed = await signer.signQrText(text);
    expect(splitSignature(signed)?.signed).toBe(text);
    expect(Buffer.from(splitSignature(signed)?.signature ?? '', 'base64url')).toHaveLength(64);
    expect(parseCouponQr(signed).fields).toEqual(
      expect.arrayContaining([
        { key: 'exp', value: '2027-09-30' },
        { key: 'pid', value: '1234' },
      ]),
    );
    expect(signer.verifyQrText(signed, await signer.publicKeys())).toBe(true);
  });

  it('refuse a tampered field, a tampered signature and a text without one', async () => {
    const signed = await signer.signQrText(longestCoupon());
    const keys = await signer.publicKeys();
    expect(signer.verifyQrText(signed.replace('discount=15000', 'discount=25000'), keys)).toBe(false);
    expect(signer.verifyQrText(signed.replace('exp=2027-09-30', 'exp=2028-09-30'), keys)).toBe(false);
    const sig = splitSignature(signed)?.signature ?? '';
    // A character in the middle: the last one of 86 carries two bits the decoder drops.
    const flipped = `${sig.slice(0, 10)}${sig[10] === 'A' ? 'B' : 'A'}${sig.slice(11)}`;
    expect(signer.verifyQrText(signed.replace(sig, flipped), keys)).toBe(false);
    expect(signer.verifyQrText(longestCoupon(), keys)).toBe(false);
  });

  it('verify with a rotated key: old coupons stay valid, new ones are signed with the new key', async () => {
    const before = await signer.signQrText(longestCoupon());
    const oldKeys = await signer.publicKeys();
    const kid = await signer.rotate();
    const after = await signer.signQrText(longestCoupon());
    const keys = await signer.publicKeys();

    expect(keys.map((key) => key.kid)).toEqual([...oldKeys.map((key) => key.kid), kid]);
    expect(signer.verifyQrText(before, keys)).toBe(true);
    expect(signer.verifyQrText(after, keys)).toBe(true);
    expect(signer.verifyQrText(after, oldKeys)).toBe(false);
  });

  it('every process signs with the same key: a second signer over the same database agrees', async () => {
    const other = createCouponSigner(t.database.db);
    const signed = await other.signQrText(longestCoupon());
    expect(signer.verifyQrText(signed, await signer.publicKeys())).toBe(true);
    expect(await other.publicKeys()).toEqual(await signer.publicKeys());
  });
});

describe('the signed QR on a phone screen', () => {
  beforeAll(() => {
    // zxing-wasm fetches its wasm in a browser; here it is read from the package.
    const wasm = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
    prepareZXingModule({
      overrides: { wasmBinary: readFileSync(wasm).buffer as ArrayBuffer },
      fireImmediately: true,
    });
  });

  /** The QR as a phone shows it at `px` pixels: modules averaged into pixels, then a slight blur. */
  function screenImage(text: string, px: number): Buffer {
    const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
    const margin = 2;
    const modules = qr.modules.size + margin * 2;
    const dark = (x: number, y: number) => {
      const mx = Math.floor(x) - margin;
      const my = Math.floor(y) - margin;
      return (
        mx >= 0 && my >= 0 && mx < qr.modules.size && my < qr.modules.size && qr.modules.get(my, mx) === 1
      );
    };
    const sharp = new Float64Array(px * px);
    const SUB = 4;
    for (let y = 0; y < px; y++) {
      for (let x = 0; x < px; x++) {
        let ink = 0;
        for (let sy = 0; sy < SUB; sy++) {
          for (let sx = 0; sx < SUB; sx++) {
            if (dark(((x + (sx + 0.5) / SUB) * modules) / px, ((y + (sy + 0.5) / SUB) * modules) / px)) ink++;
          }
        }
        sharp[y * px + x] = 255 * (1 - ink / (SUB * SUB));
      }
    }
    const png = new PNG({ width: px, height: px });
    for (let y = 0; y < px; y++) {
      for (let x = 0; x < px; x++) {
        let sum = 0;
        let n = 0;
        for (let dy = -1; dy <= 1; dy++) {
          for (let dx = -1; dx <= 1; dx++) {
            const xx = Math.min(px - 1, Math.max(0, x + dx));
            const yy = Math.min(px - 1, Math.max(0, y + dy));
            sum += sharp[yy * px + xx] ?? 255;
            n++;
          }
        }
        const at = (y * px + x) * 4;
        png.data.fill(Math.round(sum / n), at, at + 3);
        png.data[at + 3] = 255;
      }
    }
    return PNG.sync.write(png);
  }

  it('a buyer with a username gets version 12 at error correction M, whatever the company is called', async () => {
    // A 64-byte signature in base64url adds 93 characters; a 128-bit token, values unquoted where
    // SPEC §3 allows and the company left to the kit keep it at 65 modules, 69 with the margin.
    const signed = await signer.signQrText(usualCoupon());
    expect(QRCode.create(signed, { errorCorrectionLevel: 'M' }).version).toBe(12);
  });

  it('the longest decodes at 200 px with a slight blur, by a decoder other than our renderer', async () => {
    const signed = await signer.signQrText(longestCoupon());
    // A first name is cut to 24 letters: version 13 at most (73 modules with the margin, 4.8 CSS px
    // each on a 390 px phone's card).
    expect(parseCouponQr(signed).fields).toContainEqual({ key: 'telegramName', value: `${'Я'.repeat(23)}…` });
    expect(QRCode.create(signed, { errorCorrectionLevel: 'M' }).version).toBe(13);

    const [found] = await readBarcodes(new Uint8Array(screenImage(signed, 200)), { formats: ['QRCode'] });
    expect(found?.text).toBe(signed);
    // The same picture made smaller is lost: the check above is not one any size would pass.
    expect(await readBarcodes(new Uint8Array(screenImage(signed, 150)), { formats: ['QRCode'] })).toEqual([]);
  });
});

describe('the vectors the partner’s device is tested with', () => {
  const keys = [{ key: couponVectors.publicKey }];

  it('are signed as the server verifies: every signed one holds, every forged one and the unsigned fail', () => {
    for (const text of Object.values(couponVectors.signed).filter((text) => text.includes(',sig='))) {
      expect(signer.verifyQrText(text, keys)).toBe(true);
    }
    for (const text of Object.values(couponVectors.forged))
      expect(signer.verifyQrText(text, keys)).toBe(false);
    expect(signer.verifyQrText(couponVectors.unsigned, keys)).toBe(false);
    expect(
      signer.verifyQrText(couponVectors.forged.signedByAnotherKey, [{ key: couponVectors.otherPublicKey }]),
    ).toBe(true);
  });

  it('are in the format the server prints: the signature over the text before ,sig=', () => {
    expect(splitSignature(couponVectors.signed.short)?.signed).toBe(
      couponQrText({
        token: couponVectors.signed.shortToken,
        purchasedAt: new Date('2026-07-15T09:00:00Z'),
        discount: 750,
        telegramName: '@river_rat',
        expiresOn: '2026-09-30',
        partnerId: couponVectors.partnerId,
        timeZone: 'Europe/Moscow',
      }),
    );
  });
});
