/**
 * Signed coupon QR texts that the server's verification and the partner's device must judge alike
 * (offline redeeming). Signed once with a throwaway Ed25519 key (its seed is 0x11 repeated): never a key of
 * a running server. The coupons are partner 7's, their last days read in Moscow; all but `short` print
 * the company's name and place, as QRs issued before the kit carried them did.
 */
const valid =
  "purchased_coupon_id=vAlid0000000000000000A,status=NOT_USED,date=15.07.2026,partner=Рафт-школа «Порог»,region=Карелия,discount=750,address='пос. Чкаловский, ул. Речная, 1',telegramName=@river_rat,exp=2026-09-30,pid=7,sig='QaZLhOvHEZXB4bdIfdOlGIjf03g7VCp2xpAYgW4IJbcQfxLjEzITQEa9cU48ilzzTHREskCk9Kv_XrL7LBCpBg'";

export const couponVectors = {
  publicKey: '0EqyMnQrtKs6E2i9RhXk5tAiSrcaAWuvhSCjMsl3hzc',
  /** The key `signedByAnotherKey` was signed with: a server the device does not know. */
  otherPublicKey: 'oJql9HpnWYAv-VX43C0qFKXJnSO-l_hkEn_5ODRVpPA',
  partnerId: 7,
  timeZone: 'Europe/Moscow',
  /** A moment when `valid` still holds (its last day is 30.09.2026) and `expired` is past its own. */
  now: new Date('2026-08-15T09:00:00Z'),
  /** The last moment of `valid`'s last day in Moscow, and the first one after it. */
  lastMoment: new Date('2026-09-30T20:59:59Z'),
  dayAfter: new Date('2026-09-30T21:00:00Z'),
  /** Signed, and judged by what the fields and the kit say. */
  signed: {
    valid,
    validToken: 'vAlid0000000000000000A',
    neverExpires:
      "purchased_coupon_id=nEver00000000000000000,status=NOT_USED,date=15.07.2026,partner=Рафт-школа «Порог»,region=Карелия,discount=750,address='пос. Чкаловский, ул. Речная, 1',telegramName=@river_rat,exp=,pid=7,sig='FHkJvdtOJ877pMfuO9hYIwhFIiAns4Z0YrDsyMVX2vMOP-s2Jm2aH-hBQdTLkqg49I9p0uwe02VSoDvRwyNACA'",
    expired:
      "purchased_coupon_id=eXpired000000000000000,status=NOT_USED,date=15.07.2026,partner=Рафт-школа «Порог»,region=Карелия,discount=750,address='пос. Чкаловский, ул. Речная, 1',telegramName=@river_rat,exp=2026-07-31,pid=7,sig='e-vgmlrT6idY1OoWMO5IFPuunb3Je_U4XAw-kONFqVG5XaF-Po2OaXq7GOWOqSmEWVg37E8ZecFKiS2gBR5zAg'",
    otherPartner:
      "purchased_coupon_id=fOreign000000000000000,status=NOT_USED,date=15.07.2026,partner=Рафт-школа «Порог»,region=Карелия,discount=750,address='пос. Чкаловский, ул. Речная, 1',telegramName=@river_rat,exp=2026-09-30,pid=8,sig='d4qLHUyu9JswDd7XGwLm-Q3BkXtuLzHnfPzXJxIxetZ4NiVZ-H1YfqTG7LTecZLgGDlsxFQ7VuRuPLS6tz6sAA'",
    revoked:
      "purchased_coupon_id=rEvoked000000000000000,status=NOT_USED,date=15.07.2026,partner=Рафт-школа «Порог»,region=Карелия,discount=750,address='пос. Чкаловский, ул. Речная, 1',telegramName=@river_rat,exp=2026-09-30,pid=7,sig='jVaQ2oMY8VpzitweIUZsecYTDJUf_uHlxPQi-_hHD-_xggIlg2Wq22K9Bun4qDWZQTXzZLrPrjlsUh_fanA3AQ'",
    revokedToken: 'rEvoked000000000000000',
    /** As the server prints a coupon now: the company, its region and address left to the kit. */
    short:
      "purchased_coupon_id=sHort0000000000000000A,status=NOT_USED,date=15.07.2026,partner=,region=,discount=750,address=,telegramName=@river_rat,exp=2026-09-30,pid=7,sig='7LnlIv6mphTxnD5Gi6ltCGhAdiF6dLO0KdpCywXbbXbOsM4DvYoQJgbil6mvxDlhm9-0EST8OqgiGSW5iwyVDA'",
    shortToken: 'sHort0000000000000000A',
  },
  /** Not signed by the key: every one is refused before its fields are read. */
  forged: {
    signedByAnotherKey:
      "purchased_coupon_id=oTherkey00000000000000,status=NOT_USED,date=15.07.2026,partner=Рафт-школа «Порог»,region=Карелия,discount=750,address='пос. Чкаловский, ул. Речная, 1',telegramName=@river_rat,exp=2026-09-30,pid=7,sig='-74G708jZ1EeLWR7F4D-OjuctI6SPeR-ivAF4CaxmfAolZpFmTe_Ql12M9ZJk8i_5c-boHs8GNw2d73JTMDVAA'",
    discountRaised: valid.replace('discount=750', 'discount=7500'),
    lastDayMoved: valid.replace('exp=2026-09-30', 'exp=2027-09-30'),
    signatureChanged: valid.replace("sig='QaZL", "sig='QaZM"),
  },
  unsigned: valid.slice(0, valid.indexOf(",sig='")),
} as const;

/**
 * Partner 7's offline kit as the server gives it, holding the key the vectors were signed with; without
 * `revokedWhy`, as one stored before kits said why a token died.
 */
export const vectorKit = {
  publicKeys: [{ kid: 'k1', key: couponVectors.publicKey }],
  revoked: [couponVectors.signed.revokedToken],
  partnerIds: [couponVectors.partnerId],
  partners: [
    {
      id: couponVectors.partnerId,
      companyName: 'Рафт-школа «Порог»',
      region: 'Карелия',
      address: 'пос. Чкаловский, ул. Речная, 1',
    },
  ],
  timeZone: couponVectors.timeZone,
};
