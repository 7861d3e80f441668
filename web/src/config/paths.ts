/** Every route of SPEC §2, named once. Components link with `paths.<route>.getHref()`. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  coupons: { path: '/discounts', getHref: () => '/discounts' },
  photo: { path: '/photo', getHref: () => '/photo' },
  calendar: { path: '/calendar', getHref: () => '/calendar' },
  geo: { path: '/geo-service', getHref: () => '/geo-service' },
  addPartner: { path: '/add-partner', getHref: () => '/add-partner' },
  addCoupon: { path: '/add-coupon', getHref: () => '/add-coupon' },
  requestCoupons: { path: '/request-coupons', getHref: () => '/request-coupons' },
  buyCoupons: { path: '/buy-coupons', getHref: () => '/buy-coupons' },
  myCoupons: {
    path: '/my-coupons',
    /** With a coupon's id, My QR opens on it (the one just bought). */
    getHref: (couponId?: string) =>
      couponId === undefined ? '/my-coupons' : `/my-coupons?${new URLSearchParams({ couponId })}`,
  },
  checkCoupon: { path: '/check-coupon', getHref: () => '/check-coupon' },
  giftToFriend: {
    path: '/gift-to-friend',
    getHref: (couponId: string | number) =>
      `/gift-to-friend?${new URLSearchParams({ couponId: String(couponId) })}`,
  },
  offer: { path: '/offer', getHref: () => '/offer' },
  checkPay: {
    path: '/is-success-pay',
    getHref: ({
      couponId,
      customerUsername,
      paymentId,
    }: {
      couponId: string | number;
      customerUsername: string;
      /** The attempt to confirm; without it the server confirms the buyer's latest one. */
      paymentId?: string;
    }) =>
      `/is-success-pay?${new URLSearchParams({
        couponId: String(couponId),
        customerUsername,
        ...(paymentId && { paymentId }),
      })}`,
  },
  /** Not screens of SPEC §2: the privacy policy and the user's own data (152-ФЗ). */
  privacy: { path: '/privacy', getHref: () => '/privacy' },
  myData: { path: '/my-data', getHref: () => '/my-data' },
  /** Not a screen of SPEC §2: where admins keep the calendar and photo links. */
  communityLinks: { path: '/community-links', getHref: () => '/community-links' },
  /** The back office: every partner with its offers, for admins. */
  partners: { path: '/partners', getHref: () => '/partners' },
  /** A partner's staff, for admins and the partner's spokesman; without an id, the first one's. */
  partnerStaff: {
    path: '/partner-staff',
    getHref: (partnerId?: number) =>
      partnerId === undefined
        ? '/partner-staff'
        : `/partner-staff?${new URLSearchParams({ partnerId: String(partnerId) })}`,
  },
  /** Every purchase, with refunds and voids, for admins. */
  purchases: { path: '/purchases', getHref: () => '/purchases' },
  /** A partner's redemptions in a period (its spokesman, its staff, admins), exported as CSV. */
  redemptionReport: {
    path: '/redemption-report',
    getHref: (query: { partnerId?: number; from?: string; to?: string } = {}) => {
      const search = new URLSearchParams();
      if (query.partnerId !== undefined) search.set('partnerId', String(query.partnerId));
      if (query.from) search.set('from', query.from);
      if (query.to) search.set('to', query.to);
      const text = search.toString();
      return text ? `/redemption-report?${text}` : '/redemption-report';
    },
  },
  /** Per partner: sold, redeemed, refunded and open, for admins. */
  settlement: { path: '/settlement', getHref: () => '/settlement' },
  /** The season in figures and charts: totals, weeks, partners ranked, the funnel; for admins. */
  season: { path: '/season', getHref: () => '/season' },
  /** What happened and who did it, for admins. */
  auditLog: { path: '/audit-log', getHref: () => '/audit-log' },
  /** Who came through each member's invitation link, and who of them bought, for admins. */
  invites: { path: '/invites', getHref: () => '/invites' },
  /** The bot's messages given up, with «Отправить снова», for admins. */
  undelivered: { path: '/undelivered', getHref: () => '/undelivered' },
} as const;
