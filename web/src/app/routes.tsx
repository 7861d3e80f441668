import type { QueryClient } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import type { Location } from '@/lib/router/history';
import { Navigate } from '@/lib/router/link';
import { HomePage } from '@/pages/home/home-page';
import { type LazyScreen, lazyScreen, Screen } from './lazy-route';

/**
 * The screens of SPEC §2 but Home, each in a chunk of its own: Home, the first screen, carries none
 * of them. The page transition covers a chunk still on its way; buttons fetch theirs ahead.
 */
const SCREENS: Array<[path: string, screen: LazyScreen]> = [
  [
    paths.coupons.path,
    lazyScreen(
      () => import('@/pages/discounts/coupons-page'),
      (m) => m.CouponsPage,
    ),
  ],
  [
    paths.photo.path,
    lazyScreen(
      () => import('@/pages/photo/photo-page'),
      (m) => m.PhotoPage,
    ),
  ],
  [
    paths.calendar.path,
    lazyScreen(
      () => import('@/pages/calendar/calendar-page'),
      (m) => m.CalendarPage,
    ),
  ],
  [
    paths.geo.path,
    lazyScreen(
      () => import('@/pages/geo-service/geo-page'),
      (m) => m.GeoPage,
    ),
  ],
  [
    paths.addPartner.path,
    lazyScreen(
      () => import('@/pages/add-partner/add-partner-page'),
      (m) => m.AddPartnerPage,
    ),
  ],
  [
    paths.addCoupon.path,
    lazyScreen(
      () => import('@/pages/add-coupon/add-coupon-page'),
      (m) => m.AddCouponPage,
    ),
  ],
  [
    paths.requestCoupons.path,
    lazyScreen(
      () => import('@/pages/request-coupons/request-coupons-page'),
      (m) => m.RequestCouponsPage,
    ),
  ],
  [
    paths.buyCoupons.path,
    lazyScreen(
      () => import('@/pages/buy-coupons/buy-coupons-page'),
      (m) => m.BuyCouponsPage,
    ),
  ],
  [
    paths.myCoupons.path,
    lazyScreen(
      () => import('@/pages/my-coupons/my-coupons-page'),
      (m) => m.MyCouponsPage,
    ),
  ],
  [
    paths.checkCoupon.path,
    lazyScreen(
      () => import('@/pages/check-coupon/check-coupon-page'),
      (m) => m.CheckCouponPage,
    ),
  ],
  [
    paths.giftToFriend.path,
    lazyScreen(
      () => import('@/pages/gift-to-friend/gift-page'),
      (m) => m.GiftPage,
    ),
  ],
  [
    paths.offer.path,
    lazyScreen(
      () => import('@/pages/offer/offer-page'),
      (m) => m.OfferPage,
    ),
  ],
  [
    paths.checkPay.path,
    lazyScreen(
      () => import('@/pages/is-success-pay/check-pay-page'),
      (m) => m.CheckPayPage,
    ),
  ],
  [
    paths.communityLinks.path,
    lazyScreen(
      () => import('@/pages/community-links/community-links-page'),
      (m) => m.CommunityLinksPage,
    ),
  ],
  [
    paths.partners.path,
    lazyScreen(
      () => import('@/pages/partners/partners-page'),
      (m) => m.PartnersPage,
    ),
  ],
  [
    paths.partnerStaff.path,
    lazyScreen(
      () => import('@/pages/partner-staff/partner-staff-page'),
      (m) => m.PartnerStaffPage,
    ),
  ],
  [
    paths.purchases.path,
    lazyScreen(
      () => import('@/pages/purchases/purchases-page'),
      (m) => m.PurchasesPage,
    ),
  ],
  [
    paths.redemptionReport.path,
    lazyScreen(
      () => import('@/pages/redemption-report/redemption-report-page'),
      (m) => m.RedemptionReportPage,
    ),
  ],
  [
    paths.settlement.path,
    lazyScreen(
      () => import('@/pages/settlement/settlement-page'),
      (m) => m.SettlementPage,
    ),
  ],
  [
    paths.season.path,
    lazyScreen(
      () => import('@/pages/season/season-page'),
      (m) => m.SeasonPage,
    ),
  ],
  [
    paths.invites.path,
    lazyScreen(
      () => import('@/pages/invites/invites-page'),
      (m) => m.InvitesPage,
    ),
  ],
  [
    paths.auditLog.path,
    lazyScreen(
      () => import('@/pages/audit-log/audit-log-page'),
      (m) => m.AuditLogPage,
    ),
  ],
  [
    paths.privacy.path,
    lazyScreen(
      () => import('@/pages/privacy/privacy-page'),
      (m) => m.PrivacyPage,
    ),
  ],
  [
    paths.myData.path,
    lazyScreen(
      () => import('@/pages/my-data/my-data-page'),
      (m) => m.MyDataPage,
    ),
  ],
];

/** The path of SPEC §2 an address is at: its query and hash dropped, a trailing slash too. */
const pathOf = (href: string) => (href.split(/[?#]/)[0] ?? '').replace(/(.)\/+$/, '$1');

const screenAt = (href: string) => SCREENS.find(([path]) => path === pathOf(href))?.[1];

/**
 * The chunk of the screen the app opens on, before React's first render, so that the screen is
 * drawn whole in React's first commit (index.html's «Загрузка…» shows meanwhile). A chunk that
 * cannot be fetched does not hold the start: the screen asks for it again and shows its fallback.
 */
export function loadFirstScreen(href: string): Promise<void> {
  const screen = screenAt(href);
  if (!screen) return Promise.resolve();
  return screen.load().then(
    () => undefined,
    (error: unknown) => console.warn(`Could not fetch the first screen ${href}`, error),
  );
}

/** Fetches the chunk of the screen at `href` and starts on the data it first shows. */
export function prefetchScreen(href: string, queryClient: QueryClient): void {
  screenAt(href)
    ?.load()
    .then((module) => module.prefetch?.(queryClient))
    // A chunk that cannot be fetched now is fetched again when the screen opens; only logged here.
    .catch((error: unknown) => console.warn(`Could not fetch ahead ${href}`, error));
}

/** The screens of SPEC §2. `location` is passed in so a leaving page keeps rendering its own route. */
export function AppRoutes({ location }: { location: Location }) {
  const path = pathOf(location.pathname);
  if (path === paths.home.path) return <HomePage />;
  const screen = screenAt(path);
  if (!screen) return <Navigate to={paths.home.getHref()} replace />;
  return <Screen key={path} screen={screen} />;
}
