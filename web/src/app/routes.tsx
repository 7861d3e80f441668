import type { QueryClient } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { type Location, pathOf } from '@/lib/router/history';
import { Navigate } from '@/lib/router/link';
import { HomePage } from '@/pages/home/home-page';
import { type LazyScreen, lazyScreen, Screen } from './lazy-route';

/**
 * Each screen of SPEC §2 but Home, by its name in `paths` (where its path is written, once), in a
 * chunk of its own: Home, the first screen, carries none of them. The page transition covers a chunk
 * still on its way; buttons fetch theirs ahead. A new screen is a row here beside its row in
 * `paths`, its folder in pages/ named as its path (app/__tests__/screen-folders.test.ts).
 */
const SCREENS: { [name in Exclude<keyof typeof paths, 'home'>]: LazyScreen } = {
  coupons: lazyScreen(
    () => import('@/pages/discounts/coupons-page'),
    (m) => m.CouponsPage,
  ),
  photo: lazyScreen(
    () => import('@/pages/photo/photo-page'),
    (m) => m.PhotoPage,
  ),
  calendar: lazyScreen(
    () => import('@/pages/calendar/calendar-page'),
    (m) => m.CalendarPage,
  ),
  geo: lazyScreen(
    () => import('@/pages/geo-service/geo-page'),
    (m) => m.GeoPage,
  ),
  addPartner: lazyScreen(
    () => import('@/pages/add-partner/add-partner-page'),
    (m) => m.AddPartnerPage,
  ),
  addCoupon: lazyScreen(
    () => import('@/pages/add-coupon/add-coupon-page'),
    (m) => m.AddCouponPage,
  ),
  requestCoupons: lazyScreen(
    () => import('@/pages/request-coupons/request-coupons-page'),
    (m) => m.RequestCouponsPage,
  ),
  buyCoupons: lazyScreen(
    () => import('@/pages/buy-coupons/buy-coupons-page'),
    (m) => m.BuyCouponsPage,
  ),
  myCoupons: lazyScreen(
    () => import('@/pages/my-coupons/my-coupons-page'),
    (m) => m.MyCouponsPage,
  ),
  checkCoupon: lazyScreen(
    () => import('@/pages/check-coupon/check-coupon-page'),
    (m) => m.CheckCouponPage,
  ),
  giftToFriend: lazyScreen(
    () => import('@/pages/gift-to-friend/gift-page'),
    (m) => m.GiftPage,
  ),
  offer: lazyScreen(
    () => import('@/pages/offer/offer-page'),
    (m) => m.OfferPage,
  ),
  checkPay: lazyScreen(
    () => import('@/pages/is-success-pay/check-pay-page'),
    (m) => m.CheckPayPage,
  ),
  communityLinks: lazyScreen(
    () => import('@/pages/community-links/community-links-page'),
    (m) => m.CommunityLinksPage,
  ),
  partners: lazyScreen(
    () => import('@/pages/partners/partners-page'),
    (m) => m.PartnersPage,
  ),
  partnerStaff: lazyScreen(
    () => import('@/pages/partner-staff/partner-staff-page'),
    (m) => m.PartnerStaffPage,
  ),
  purchases: lazyScreen(
    () => import('@/pages/purchases/purchases-page'),
    (m) => m.PurchasesPage,
  ),
  redemptionReport: lazyScreen(
    () => import('@/pages/redemption-report/redemption-report-page'),
    (m) => m.RedemptionReportPage,
  ),
  settlement: lazyScreen(
    () => import('@/pages/settlement/settlement-page'),
    (m) => m.SettlementPage,
  ),
  season: lazyScreen(
    () => import('@/pages/season/season-page'),
    (m) => m.SeasonPage,
  ),
  invites: lazyScreen(
    () => import('@/pages/invites/invites-page'),
    (m) => m.InvitesPage,
  ),
  undelivered: lazyScreen(
    () => import('@/pages/undelivered/undelivered-page'),
    (m) => m.UndeliveredPage,
  ),
  auditLog: lazyScreen(
    () => import('@/pages/audit-log/audit-log-page'),
    (m) => m.AuditLogPage,
  ),
  privacy: lazyScreen(
    () => import('@/pages/privacy/privacy-page'),
    (m) => m.PrivacyPage,
  ),
  myData: lazyScreen(
    () => import('@/pages/my-data/my-data-page'),
    (m) => m.MyDataPage,
  ),
};

const SCREEN_AT = new Map<string, LazyScreen>(
  Object.entries(SCREENS).map(([name, screen]) => [paths[name as keyof typeof SCREENS].path, screen]),
);

const screenAt = (href: string) => SCREEN_AT.get(pathOf(href));

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
