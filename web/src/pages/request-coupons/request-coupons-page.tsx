import { Header } from '@/components/layout/header';
import { Loaded } from '@/components/ui/loaded';
import { Notice, useTimedMessage } from '@/components/ui/notice';
import { Stack } from '@/components/ui/stack';
import { uiTexts } from '@/components/ui/texts';
import { useCouponRequests } from '@/features/coupon-requests/api/get-coupon-requests';
import { RoleGate } from '@/features/session/components/role-gate';
import { isAdmin } from '@/features/session/user-state';
import { Page } from '@/messenger/page';
import { RequestCard } from './request-card';
import './request-coupons-page.css';
import { texts } from './texts';

/** SPEC §4: a failed accept or decline says so for 2 s. */
const FAILURE_SHOWN_MS = 2000;

/** Request list (SPEC §2 Request list): an admin accepts or declines pending coupon requests. */
export function RequestCouponsPage() {
  return (
    <Page>
      <Header title={texts.title} />
      <Stack>
        <RoleGate allows={isAdmin} refusal={texts.adminsOnly}>
          <RequestList />
        </RoleGate>
      </Stack>
    </Page>
  );
}

function RequestList() {
  const requests = useCouponRequests();
  const [failure, showFailure] = useTimedMessage<string>(FAILURE_SHOWN_MS);

  return (
    <>
      {failure !== null && (
        // Sticks under the header: the card that failed may be far down the list.
        <div className="request-coupons__failure">
          <Notice tone="error" detail={failure}>
            {texts.unknownError}
          </Notice>
        </div>
      )}
      {/* The 4 s poll is the retry: a failed load waits for the next tick, as the first one does. */}
      <Loaded
        query={requests}
        connecting={uiTexts.loading}
        className="request-coupons__state"
        empty={texts.empty}
      >
        {(pending) => (
          <div className="request-coupons__list">
            {pending.map((request) => (
              <RequestCard key={request.couponId} request={request} onFailure={showFailure} />
            ))}
          </div>
        )}
      </Loaded>
    </>
  );
}
