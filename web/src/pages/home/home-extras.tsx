import { lazy, Suspense, useEffect, useState } from 'react';
import { paths } from '@/config/paths';
import { useUser } from '@/features/session/api/get-me';
import { isPartnerOrStaff } from '@/features/session/user-state';
import { usePrefetchRoutes } from '@/lib/route-prefetch';
import { whenIdle } from '@/lib/when-idle';

// Only someone outside the chat is told its rule: Home's first load does not carry it for everyone.
const ChatRuleNotice = lazy(() =>
  import('@/features/session/components/chat-rule-notice').then((module) => ({
    default: module.ChatRuleNotice,
  })),
);

// My QR's list is not Home's first load: a usable coupon's line comes once Home is drawn and idle.
const loadHomeCoupon = () => import('./home-coupon');
const HomeCoupon = lazy(() => loadHomeCoupon().then((module) => ({ default: module.HomeCoupon })));

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
  const [loaded, setLoaded] = useState(false);
  // Its code asked for in the idle moment itself and the line drawn once it came: asked for by the
  // render, the chunks' six preload links were added in the render's own task (10–18 ms under
  // Lighthouse, docs/performance.md «Lighthouse as a phone»).
  useEffect(() => whenIdle(() => void loadHomeCoupon().then(() => setLoaded(true))), []);
  return (
    loaded && (
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
