import { Header } from '@/components/layout/header';
import { Button } from '@/components/ui/button';
import { Stack } from '@/components/ui/stack';
import { paths } from '@/config/paths';
import { OfferLink } from '@/features/offer/components/offer-link';
import { useUser } from '@/features/session/api/get-me';
import { isAdmin, isPartnerOrAdmin } from '@/features/session/user-state';
import { useDelayedNavigate } from '@/hooks/use-delayed-navigate';
import { usePrefetchRoutes } from '@/lib/route-prefetch';
import { SwitchUserLink } from '@/telegram/dev-login/switch-user-link';
import { Page } from '@/telegram/page';
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
    { label: texts.communityLinks, to: paths.communityLinks.getHref(), shown: isAdmin(user) },
  ].filter(({ shown }) => shown);
  usePrefetchRoutes(buttons.map(({ to }) => to));

  return (
    <Page back={false}>
      <Header />
      <Stack>
        {buttons.map(({ label, to }) => (
          <Button key={to} pressed={pendingTo === to} onClick={() => go(to)}>
            {label}
          </Button>
        ))}
        <SwitchUserLink />
        {/* The offer is readable before any purchase, from the screen everyone sees first. */}
        <p className="home__offer">
          <OfferLink />
        </p>
      </Stack>
    </Page>
  );
}
