import { lazy, Suspense, useCallback, useDeferredValue, useMemo, useState } from 'react';
import type { TMyCoupon } from '#contract/purchases';
import { DEFAULT_REPORT_TIME_ZONE } from '#contract/time-zone';
import { Header } from '@/components/layout/header';
import { NoOfflineShellNotice } from '@/components/offline/no-offline-shell-notice';
import { Button } from '@/components/ui/button';
import { Loaded, type LoadedQuery } from '@/components/ui/loaded';
import { Notice } from '@/components/ui/notice';
import { Slider } from '@/components/ui/slider';
import { Stack } from '@/components/ui/stack';
import { paths } from '@/config/paths';
import { useHeldGifts } from '@/features/gifts/api/get-held-gifts';
import { useMyCoupons } from '@/features/my-coupons/api/get-my-coupons';
import { useQrImagesComing } from '@/features/my-coupons/api/get-qr-image';
import { useSavedCoupons } from '@/features/my-coupons/api/get-saved-coupons';
import { CouponSlide, groupPlaces } from '@/features/my-coupons/components/coupon-slide';
import { QrOverlay } from '@/features/my-coupons/components/qr-overlay';
import type { RefundOutcome } from '@/features/my-coupons/components/refund-confirm';
import { RefundCoupon } from '@/features/my-coupons/components/refund-coupon';
import { RateVisitButton } from '@/features/ratings/components/rate-visit-button';
import { useUser, useUsername } from '@/features/session/api/get-me';
import { useDelayedNavigate } from '@/hooks/use-delayed-navigate';
import { useWhenIdle } from '@/hooks/use-when-idle';
import { isNetworkError } from '@/lib/api-client';
import { today } from '@/lib/dates';
import { useSearchParams } from '@/lib/router/router';
import { Page } from '@/messenger/page';
import { useVerticalSwipesOff } from '@/messenger/vertical-swipes';
import './my-coupons-page.css';
import { useTurnToArrivals } from '@/features/my-coupons/hooks/use-turn-to-arrivals';
import { texts } from './texts';

const couponKey = (coupon: TMyCoupon) => coupon.id;

// Gifts waiting for their addressee are rare: their list is asked for once the QR are drawn, and the
// part that shows them (its chunk and its styles, each added stylesheet a recalculation of the whole
// page's) comes only when some wait.
const HeldGifts = lazy(() =>
  import('@/features/gifts/components/held-gifts').then((module) => ({ default: module.HeldGifts })),
);

/**
 * My QR (SPEC §2 My QR): the user's coupons in a slider, reloaded every 5 s. The list saved on the
 * device shows while the first answer is on its way, and with no connection, marked so.
 */
export function MyCouponsPage() {
  const username = useUsername();
  const timeZone = useUser()?.timeZone;
  const { data: live, isPending, error, refetch } = useMyCoupons(username);
  const { data: saved, isLoading: readingSaved } = useSavedCoupons();
  const offline = isNetworkError(error);
  const listNow = live ?? (isPending || offline ? saved?.coupons : undefined);
  // A new list is drawn in a render React may pause to let the phone answer a tap (its coupons,
  // QR and buttons are the screen's longest work); until that render is done the one before shows.
  const coupons = useDeferredValue(listNow);
  const [searchParams] = useSearchParams();
  // The coupon just bought («Да» names it), else the first: usable ones come first, newest first.
  const [currentId, setCurrentId] = useState(() => searchParams.get('couponId') ?? undefined);
  useTurnToArrivals(coupons, setCurrentId);
  // Home's «Ваш купон: … — показать QR» opens on the QR itself.
  const [openedId, setOpenedId] = useState(() =>
    searchParams.get('qr') === '1' ? (searchParams.get('couponId') ?? undefined) : undefined,
  );
  // Kept by the screen and told at its top, naming the coupon: a returned coupon leaves the list and
  // the next one's buttons take its place, so a line under them would read as theirs.
  const [refundOutcome, setRefundOutcome] = useState<RefundOutcome>();
  const { go, pendingTo } = useDelayedNavigate();
  const openQr = useCallback((coupon: TMyCoupon) => setOpenedId(coupon.id), []);
  const closeQr = useCallback(() => setOpenedId(undefined), []);
  // The slider is swiped sideways; a slightly slanted swipe must not close the app.
  useVerticalSwipesOff();

  const groups = useMemo(() => groupPlaces(coupons ?? []), [coupons]);
  const current = coupons?.find((coupon) => coupon.id === currentId) ?? coupons?.[0];
  // Looked up in each new list: a coupon redeemed (or given away) while shown big leaves the overlay.
  const opened = coupons?.find((coupon) => coupon.id === openedId && coupon.status === 'NOT_USED');
  const loading = (!!username && isPending && !error) || readingSaved || (!coupons && !!listNow);
  const qrComing = useQrImagesComing();
  const drawn = useWhenIdle(!loading && !qrComing);
  const { data: held } = useHeldGifts(drawn);
  const giftHref = current && paths.giftToFriend.getHref(current.id);
  const refundable =
    !offline && current?.status === 'NOT_USED' && current.refundAmount !== null
      ? { ...current, refundAmount: current.refundAmount }
      : undefined;
  const homeHref = paths.home.getHref();
  // SPEC §2 My QR: with no QR or no connection, «QR ПОКА НЕТ». A failure with nothing saved to
  // show is told as the empty list; the 5 s poll is its retry.
  const shown: LoadedQuery<TMyCoupon[]> = {
    data: coupons ?? (loading ? undefined : []),
    isError: false,
    error: null,
    refetch,
  };

  return (
    <Page>
      <Header title={texts.title} />
      <Stack>
        {refundOutcome && (
          <Notice tone={refundOutcome.tone} detail={refundOutcome.detail}>
            {refundOutcome.text}
          </Notice>
        )}
        {offline && coupons && coupons.length > 0 && <Notice tone="info">{texts.offline}</Notice>}
        <NoOfflineShellNotice screen="my-coupons" text={texts.noShell} understood={texts.understood} />
        <Loaded
          query={shown}
          className="my-coupons__loading"
          emptyClassName="my-coupons__empty"
          empty={texts.noQr}
        >
          {(list) => (
            <>
              <Slider
                items={list}
                itemKey={couponKey}
                renderSlide={(coupon) => (
                  <CouponSlide
                    coupon={coupon}
                    group={groups.get(coupon.id) ?? { place: 1, count: 1 }}
                    onOpenQr={openQr}
                  />
                )}
                currentKey={current?.id}
                onCurrentKeyChange={setCurrentId}
                labels={{ previous: texts.previous, next: texts.next }}
              />
              {current?.status === 'NOT_USED' && <p className="my-coupons__hint">{texts.showToPartner}</p>}
              {current?.status === 'USED' && !offline && (
                <RateVisitButton
                  key={current.id}
                  purchasedCouponId={current.id}
                  dayOf={(at) => today(timeZone ?? DEFAULT_REPORT_TIME_ZONE, at)}
                />
              )}
              {giftHref && current.status === 'NOT_USED' && (
                <Button pressed={pendingTo === giftHref} onClick={() => go(giftHref)}>
                  {texts.gift}
                </Button>
              )}
              {refundable && (
                <RefundCoupon key={refundable.id} coupon={refundable} onOutcome={setRefundOutcome} />
              )}
            </>
          )}
        </Loaded>
        {held && held.length > 0 && (
          <Suspense fallback={null}>
            <HeldGifts />
          </Suspense>
        )}
        <Button variant="secondary" pressed={pendingTo === homeHref} onClick={() => go(homeHref)}>
          {texts.home}
        </Button>
      </Stack>
      {opened && <QrOverlay coupon={opened} onClose={closeQr} />}
    </Page>
  );
}
