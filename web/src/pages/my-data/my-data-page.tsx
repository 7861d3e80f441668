import { lazy, Suspense, useState } from 'react';
import { Header } from '@/components/layout/header';
import { Button } from '@/components/ui/button';
import { Loaded } from '@/components/ui/loaded';
import { Notice } from '@/components/ui/notice';
import { Stack } from '@/components/ui/stack';
import { paths } from '@/config/paths';
import { currentUserId } from '@/features/my-coupons/api/get-saved-coupons';
import { forgetSavedCoupons } from '@/features/my-coupons/saved-coupons';
import { useMyData } from '@/features/privacy/api/get-my-data';
import { forgetStoredUser } from '@/features/session/user-state';
import { useDelayedNavigate } from '@/hooks/use-delayed-navigate';
import { Link } from '@/lib/router/link';
import { Page } from '@/messenger/page';
import { CouponReminders } from './coupon-reminders';
import { DownloadMyData } from './download-my-data';
import { EraseMyData } from './erase-my-data';
import { ErasedData } from './erased-data';
import { MyDataView } from './my-data-view';
import { PartnerOffersSetting } from './partner-offers-setting';
import { QrPhotosSetting } from './qr-photos-setting';
import { texts } from './texts';
import './my-data-page.css';

// One section among many, below the first screenful: not part of the screen's first load.
const MessagesEmail = lazy(() =>
  import('@/features/email/components/messages-email').then((module) => ({ default: module.MessagesEmail })),
);
const LinkedMessengers = lazy(() =>
  import('@/features/linking/components/linked-messengers').then((module) => ({
    default: module.LinkedMessengers,
  })),
);

/** «Мои данные» (152-ФЗ): what the server holds about the user, a copy to download, and erasure. */
export function MyDataPage() {
  const [erased, setErased] = useState(false);

  function startAfresh() {
    setErased(true);
    // Nothing known of the user survives on the device (the erasure dropped the answers read): the
    // session starts again from /api/me.
    forgetStoredUser();
    const userId = currentUserId();
    if (userId !== undefined) void forgetSavedCoupons(userId);
  }

  return (
    <Page>
      <Header title={texts.title} />
      <Stack>{erased ? <Erased /> : <HeldData onErased={startAfresh} />}</Stack>
    </Page>
  );
}

function HeldData({ onErased }: { onErased: () => void }) {
  const data = useMyData();
  return (
    <>
      <p className="my-data__lead">
        {texts.lead} <Link to={paths.privacy.getHref()}>{texts.policy}</Link>
      </p>
      <Loaded query={data} className="my-data__state">
        {(held) => (
          <>
            <DownloadMyData />
            <CouponReminders on={held.user.couponReminders} />
            <QrPhotosSetting enabled={held.user.qrPhotosInChat} />
            <Suspense>
              <MessagesEmail />
            </Suspense>
            <Suspense>
              <LinkedMessengers />
            </Suspense>
            <PartnerOffersSetting enabled={held.user.partnerOffersSince !== null} />
            <MyDataView data={held} />
            <EraseMyData coupons={held.coupons} onErased={onErased} />
          </>
        )}
      </Loaded>
    </>
  );
}

function Erased() {
  const { go, pendingTo } = useDelayedNavigate();
  const home = paths.home.getHref();
  return (
    <>
      <Notice tone="success">{texts.erased}</Notice>
      <ErasedData lead={texts.erasedGone} />
      <p className="my-data__summary">{texts.erasedAfter}</p>
      <Button pressed={pendingTo === home} onClick={() => go(home, { replace: true })}>
        {texts.home}
      </Button>
    </>
  );
}
