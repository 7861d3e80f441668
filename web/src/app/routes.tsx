import { type Location, Navigate, Route, Routes } from 'react-router';
import { paths } from '@/config/paths';
import { AddCouponPage } from '@/pages/add-coupon/add-coupon-page';
import { AddPartnerPage } from '@/pages/add-partner/add-partner-page';
import { AuditLogPage } from '@/pages/audit-log/audit-log-page';
import { BuyCouponsPage } from '@/pages/buy-coupons/buy-coupons-page';
import { CalendarPage } from '@/pages/calendar/calendar-page';
import { CheckCouponPage } from '@/pages/check-coupon/check-coupon-page';
import { CommunityLinksPage } from '@/pages/community-links/community-links-page';
import { CouponsPage } from '@/pages/discounts/coupons-page';
import { GeoPage } from '@/pages/geo-service/geo-page';
import { GiftPage } from '@/pages/gift-to-friend/gift-page';
import { HomePage } from '@/pages/home/home-page';
import { CheckPayPage } from '@/pages/is-success-pay/check-pay-page';
import { MyCouponsPage } from '@/pages/my-coupons/my-coupons-page';
import { MyDataPage } from '@/pages/my-data/my-data-page';
import { OfferPage } from '@/pages/offer/offer-page';
import { PartnerStaffPage } from '@/pages/partner-staff/partner-staff-page';
import { PartnersPage } from '@/pages/partners/partners-page';
import { PhotoPage } from '@/pages/photo/photo-page';
import { PrivacyPage } from '@/pages/privacy/privacy-page';
import { PurchasesPage } from '@/pages/purchases/purchases-page';
import { RedemptionReportPage } from '@/pages/redemption-report/redemption-report-page';
import { RequestCouponsPage } from '@/pages/request-coupons/request-coupons-page';
import { SettlementPage } from '@/pages/settlement/settlement-page';

/** The screens of SPEC §2. `location` is passed in so a leaving page keeps rendering its own route. */
export function AppRoutes({ location }: { location: Location }) {
  return (
    <Routes location={location}>
      <Route path={paths.home.path} element={<HomePage />} />
      <Route path={paths.coupons.path} element={<CouponsPage />} />
      <Route path={paths.photo.path} element={<PhotoPage />} />
      <Route path={paths.calendar.path} element={<CalendarPage />} />
      <Route path={paths.geo.path} element={<GeoPage />} />
      <Route path={paths.addPartner.path} element={<AddPartnerPage />} />
      <Route path={paths.addCoupon.path} element={<AddCouponPage />} />
      <Route path={paths.requestCoupons.path} element={<RequestCouponsPage />} />
      <Route path={paths.buyCoupons.path} element={<BuyCouponsPage />} />
      <Route path={paths.myCoupons.path} element={<MyCouponsPage />} />
      <Route path={paths.checkCoupon.path} element={<CheckCouponPage />} />
      <Route path={paths.giftToFriend.path} element={<GiftPage />} />
      <Route path={paths.offer.path} element={<OfferPage />} />
      <Route path={paths.checkPay.path} element={<CheckPayPage />} />
      <Route path={paths.communityLinks.path} element={<CommunityLinksPage />} />
      <Route path={paths.partners.path} element={<PartnersPage />} />
      <Route path={paths.partnerStaff.path} element={<PartnerStaffPage />} />
      <Route path={paths.purchases.path} element={<PurchasesPage />} />
      <Route path={paths.redemptionReport.path} element={<RedemptionReportPage />} />
      <Route path={paths.settlement.path} element={<SettlementPage />} />
      <Route path={paths.auditLog.path} element={<AuditLogPage />} />
      <Route path={paths.privacy.path} element={<PrivacyPage />} />
      <Route path={paths.myData.path} element={<MyDataPage />} />
      <Route path="*" element={<Navigate to={paths.home.getHref()} replace />} />
    </Routes>
  );
}
