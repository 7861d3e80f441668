import { describe, expect, it } from 'vitest';
import { startScreenOf } from '../start-param';

describe('the screen a startapp parameter opens', () => {
  it('is My QR for a shared gift, and My QR on the coupon for a reminder', () => {
    expect(startScreenOf('my-coupons')).toBe('/my-coupons');
    expect(startScreenOf('qr-3f0c8a52-9a1e-4c55-8f7e-2b1d6c9e0a11')).toBe(
      '/my-coupons?couponId=3f0c8a52-9a1e-4c55-8f7e-2b1d6c9e0a11',
    );
  });

  it('is none for no parameter or one the app does not know', () => {
    expect(startScreenOf(undefined)).toBeUndefined();
    expect(startScreenOf('qr-')).toBeUndefined();
    expect(startScreenOf('ref_abc')).toBeUndefined();
  });
});
