import { describe, expect, it } from 'vitest';
import { couponVectors as v, vectorKit } from '#test-support/coupon-vectors';
import { checkOffline, withCompanyFromKit } from '../check-offline';

const reasonFor = async (text: string, options: Parameters<typeof checkOffline>[2] = { now: v.now }) => {
  const verdict = await checkOffline(text, vectorKit, options);
  return verdict.valid ? 'valid' : verdict.reason;
};

describe('checking a coupon on the device with no signal (WebCrypto)', () => {
  it('accepts a coupon signed by the server, of this company, alive, and shows its fields but the signature', async () => {
    const verdict = await checkOffline(v.signed.valid, vectorKit, { now: v.now });
    expect(verdict).toEqual({
      valid: true,
      token: v.signed.validToken,
      fields: expect.arrayContaining([
        { key: 'discount', value: '750' },
        { key: 'address', value: 'пос. Чкаловский, ул. Речная, 1' },
        { key: 'exp', value: '2026-09-30' },
      ]),
    });
    expect(verdict.valid && verdict.fields.map((field) => field.key)).not.toContain('sig');
    expect(await reasonFor(v.signed.neverExpires)).toBe('valid');
  });

  it('refuses a wrong signature: another key, a raised discount, a moved last day, a changed signature', async () => {
    for (const text of Object.values(v.forged)) expect(await reasonFor(text)).toBe('forged');
  });

  it('takes a coupon signed by a retired key while the kit still holds that key', async () => {
    const kit = { ...vectorKit, publicKeys: [...vectorKit.publicKeys, { kid: 'k2', key: v.otherPublicKey }] };
    expect((await checkOffline(v.forged.signedByAnotherKey, kit, { now: v.now })).valid).toBe(true);
  });

  it('refuses a coupon past its last day in the server’s time zone, not before', async () => {
    expect(await reasonFor(v.signed.expired)).toBe('expired');
    expect(await reasonFor(v.signed.valid, { now: v.lastMoment })).toBe('valid');
    expect(await reasonFor(v.signed.valid, { now: v.dayAfter })).toBe('expired');
  });

  it('refuses another partner’s coupon, unless the kit is an admin’s', async () => {
    expect(await reasonFor(v.signed.otherPartner)).toBe('foreign');
    const adminKit = { ...vectorKit, partnerIds: null };
    expect((await checkOffline(v.signed.otherPartner, adminKit, { now: v.now })).valid).toBe(true);
  });

  it('refuses a revoked token and one this device already redeemed and has yet to send', async () => {
    expect(await reasonFor(v.signed.revoked)).toBe('revoked');
    expect(await reasonFor(v.signed.valid, { now: v.now, queued: [v.signed.validToken] })).toBe('queued');
  });

  it('says what became of a revoked token’s coupon where the kit says it: used unless named, unknown to an older kit', async () => {
    const revokedAs = async (revokedWhy?: Record<string, number[]>) => {
      const kit = { ...vectorKit, revoked: ['sOmeoneElse00000000000', v.signed.revokedToken], revokedWhy };
      const verdict = await checkOffline(v.signed.revoked, kit, { now: v.now });
      return !verdict.valid && verdict.reason === 'revoked' ? verdict.status : 'not revoked';
    };
    expect(await revokedAs({ REFUNDED: [1] })).toBe('REFUNDED');
    expect(await revokedAs({ REFUND_PENDING: [1], VOID: [0] })).toBe('REFUND_PENDING');
    expect(await revokedAs({ VOID: [1] })).toBe('VOID');
    expect(await revokedAs({ GIFTED_AWAY: [0, 1] })).toBe('GIFTED_AWAY');
    expect(await revokedAs({ REFUNDED: [0] })).toBe('USED');
    expect(await revokedAs({})).toBe('USED');
    // A kit stored before kits said why, and a reason newer than this app: the phone cannot tell.
    expect(await revokedAs(undefined)).toBeUndefined();
    expect(await revokedAs({ LOST_AT_SEA: [1] })).toBeUndefined();
    expect(await revokedAs({ NOT_USED: [1] })).toBeUndefined();
  });

  it('cannot check an unsigned QR, nor anything before a kit was ever loaded', async () => {
    expect(await reasonFor(v.unsigned)).toBe('unsigned');
    expect(await reasonFor('просто текст')).toBe('unsigned');
    expect(await checkOffline(v.signed.valid, undefined)).toEqual({ valid: false, reason: 'no-kit' });
  });

  it('names the company of a QR that leaves it to the kit, and keeps what an older QR printed', async () => {
    const verdict = await checkOffline(v.signed.short, vectorKit, { now: v.now });
    if (!verdict.valid) throw new Error(`the short coupon was refused: ${verdict.reason}`);
    const named = withCompanyFromKit(verdict.fields, vectorKit);
    expect(named).toEqual(
      expect.arrayContaining([
        { key: 'partner', value: 'Рафт-школа «Порог»' },
        { key: 'region', value: 'Карелия' },
        { key: 'address', value: 'пос. Чкаловский, ул. Речная, 1' },
      ]),
    );
    const old = await checkOffline(v.signed.valid, vectorKit, { now: v.now });
    const printed = old.valid ? old.fields : [];
    expect(withCompanyFromKit(printed, { ...vectorKit, partners: [] })).toEqual(printed);
    // Only the company's keys are filled: an empty field named like an object's own property is not.
    const odd = [...verdict.fields, { key: 'constructor', value: '' }];
    expect(withCompanyFromKit(odd, vectorKit).at(-1)).toEqual({ key: 'constructor', value: '' });
    // A kit stored before kits named companies: the fields stay as printed, nothing breaks.
    const { partners: _none, ...olderKit } = vectorKit;
    expect(withCompanyFromKit(verdict.fields, olderKit)).toEqual(verdict.fields);
  });
});
