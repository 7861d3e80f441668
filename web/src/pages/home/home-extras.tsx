import { lazy, Suspense } from 'react';
import { paths } from '@/config/paths';
import { useUser } from '@/features/session/api/get-me';
import { isPartnerOrStaff } from '@/features/session/user-state';
import { useWhenIdle } from '@/hooks/use-when-idle';
import { usePrefetchRoutes } from '@/lib/route-prefetch';

// Only someone outside the chat is told its rule: Home's first load does not carry it for everyone.
const ChatRuleNotice = lazy(() =>
  import('@/features/session/components/chat-rule-notice').then((module) => ({
    default: module.ChatRuleNotice,
  })),
);

// My QR's list is not Home's first load: a usable coupon's line comes once Home is drawn and idle.
const HomeCoupon = lazy(() => import('./home-coupon').then((module) => ({ default: module.HomeCoupon })));

/** The community chat's rule, first on Home for someone outside the chat. */
export function HomeChatRule() {
  const user = useUser();
  return (
    user?.isChatMember === false && (
      <Suspense fallback={null}>
        <ChatRuleNotice />
      </Suspense>
    )
  );
}

/** «Ваш купон: … — показать QR» under Home's buttons, for whoever holds a usable coupon. */
export function HomeCouponLine() {
  const idle = useWhenIdle();
  return (
    idle && (
      <Suspense fallback={null}>
        <HomeCoupon />
      </Suspense>
    )
  );
}

/**
 * The screens a role opens most, one step behind Home's own buttons, fetched once Home is idle (its
 * buttons' screens Home fetches itself): a tap there finds them ready even on a slow network.
 */
export function HomePrefetch() {
  const user = useUser();
  usePrefetchRoutes([
    paths.buyCoupons.getHref(),
    paths.myCoupons.getHref(),
    ...(isPartnerOrStaff(user) ? [paths.checkCoupon.getHref()] : []),
  ]);
  return null;
}
