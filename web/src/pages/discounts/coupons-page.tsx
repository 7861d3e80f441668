import { Header } from '@/components/layout/header';
import { Button } from '@/components/ui/button';
import { Section } from '@/components/ui/section';
import { Stack } from '@/components/ui/stack';
import { paths } from '@/config/paths';
import { InviteButton } from '@/features/invites/components/invite-button';
import { useUser } from '@/features/session/api/get-me';
import { isPartnerStaffOrAdmin } from '@/features/session/user-state';
import { useDelayedNavigate } from '@/hooks/use-delayed-navigate';
import { usePrefetchRoutes } from '@/lib/route-prefetch';
import { Page } from '@/messenger/page';
import { texts } from './texts';

export function CouponsPage() {
  const user = useUser();
  const { go, pendingTo } = useDelayedNavigate();
  const checkCoupon = isPartnerStaffOrAdmin(user) ? [paths.checkCoupon.getHref()] : [];
  usePrefetchRoutes([paths.buyCoupons.getHref(), paths.myCoupons.getHref(), ...checkCoupon]);
  const navButton = (label: string, to: string) => (
    <Button pressed={pendingTo === to} onClick={() => go(to)}>
      {label}
    </Button>
  );

  return (
    <Page>
      <Header title={texts.title} />
      <Stack>
        {navButton(texts.buyCoupons, paths.buyCoupons.getHref())}
        {navButton(texts.myCoupons, paths.myCoupons.getHref())}
        {/* Someone outside the chat has no chat to invite a friend into. */}
        {user?.isChatMember !== false && <InviteButton label={texts.invite} />}
        {isPartnerStaffOrAdmin(user) && (
          <Section title={texts.forPartners}>
            {navButton(texts.checkCoupon, paths.checkCoupon.getHref())}
          </Section>
        )}
      </Stack>
    </Page>
  );
}
