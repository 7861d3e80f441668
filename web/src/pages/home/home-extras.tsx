import { lazy, Suspense, useEffect, useState } from 'react';
import { INVITE_START_PARAM_PREFIX } from '#contract/start-params';
import { paths } from '@/config/paths';
import { useUser } from '@/features/session/api/get-me';
import { isPartnerOrStaff } from '@/features/session/user-state';
import { usePrefetchRoutes } from '@/lib/route-prefetch';
import { whenIdle } from '@/lib/when-idle';
import { launchStartParam } from '@/messenger/launch-params';

// Only someone outside the chat is told its rule: Home's first load does not carry it for everyone.
const ChatRuleNotice = lazy(() =>
  import('@/features/session/components/chat-rule-notice').then((module) => ({
    default: module.ChatRuleNotice,
  })),
);

// Only a launch through an invitation link asks who invited the person: nobody else's Home carries it.
const InviterGreeting = lazy(() =>
  import('@/features/invites/components/inviter-greeting').then((module) => ({
    default: module.InviterGreeting,
  })),
);

// Only an admin, and only while the bot's messages wait, is told of them.
const HomeBotMessages = lazy(() =>
  import('./home-bot-messages').then((module) => ({ default: module.HomeBotMessages })),
);

// Only an admin's Home counts the coupon requests waiting.
const RequestCount = lazy(() =>
  import('./home-request-count').then((module) => ({ default: module.HomeRequestCount })),
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

/** First on the Home of someone who opened a member's invitation link: who invited them. */
export function HomeInviterGreeting() {
  return (
    launchStartParam()?.startsWith(INVITE_START_PARAM_PREFIX) && (
      <Suspense fallback={null}>
        <InviterGreeting />
      </Suspense>
    )
  );
}

/** First on an admin's Home: the bot's messages have not gone out for over 10 minutes. */
export function HomeBotMessagesLine() {
  const user = useUser();
  return (
    user?.botMessagesStuck && (
      <Suspense fallback={null}>
        <HomeBotMessages />
      </Suspense>
    )
  );
}

/** The count on an admin's «ЗАЯВКИ»: the requests waiting for a decision. */
export function HomeRequestCount() {
  return (
    <Suspense fallback={null}>
      <RequestCount />
    </Suspense>
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
