import { beforeEach, describe, expect, it, vi } from 'vitest';
import { couponVectors as v, vectorKit } from '#test-support/coupon-vectors';
import { checkOffline } from '../check-offline';

describe('checking a coupon on the device in a webview without Ed25519 in WebCrypto', () => {
  beforeEach(() => {
    vi.spyOn(crypto.subtle, 'importKey').mockRejectedValue(
      new DOMException('Unrecognized name.', 'NotSupportedError'),
    );
  });

  it('judges the same vectors alike with the library', async () => {
    expect((await checkOffline(v.signed.valid, vectorKit, { now: v.now })).valid).toBe(true);
    for (const text of Object.values(v.forged)) {
      expect(await checkOffline(text, vectorKit, { now: v.now })).toEqual({ valid: false, reason: 'forged' });
    }
    expect(await checkOffline(v.signed.expired, vectorKit, { now: v.now })).toEqual({
      valid: false,
      reason: 'expired',
    });
    expect(crypto.subtle.importKey).toHaveBeenCalledTimes(1);
  });
});
