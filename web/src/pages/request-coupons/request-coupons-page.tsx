import { Header } from '@/components/layout/header';
import { Notice, useTimedMessage } from '@/components/ui/notice';
import { Stack } from '@/components/ui/stack';
import { useCouponRequests } from '@/features/coupon-requests/api/get-coupon-requests';
import { isRefusal } from '@/lib/api-client';
import { Page } from '@/telegram/page';
import { RequestCard } from './request-card';
import './request-coupons-page.css';
import { texts } from './texts';

/** SPEC §4: a failed accept or decline says so for 2 s. */
const FAILURE_SHOWN_MS = 2000;

/** Request list (SPEC §2 Request list): an admin accepts or declines pending coupon requests. */
export function RequestCouponsPage() {
  const { data: requests, error } = useCouponRequests();
  const [failure, showFailure] = useTimedMessage<string>(FAILURE_SHOWN_MS);
  // A refusal (say, not an admin) will not pass by waiting: say why beside the loading line.
  const refusal = isRefusal(error) ? error.message : '';

  return (
    <Page>
      <Header title={texts.title} />
      <Stack>
        {failure !== null && (
          // Sticks under the header: the card that failed may be far down the list.
          <div className="request-coupons__failure">
            <Notice tone="error" detail={failure}>
              {texts.unknownError}
            </Notice>
          </div>
        )}
        {!requests ? (
          <>
            <p className="request-coupons__state">{texts.loading}</p>
            {refusal && <Notice tone="error">{refusal}</Notice>}
          </>
        ) : requests.length === 0 ? (
          <p className="request-coupons__state">{texts.empty}</p>
        ) : (
          <div className="request-coupons__list">
            {requests.map((request) => (
              <RequestCard key={request.couponId} request={request} onFailure={showFailure} />
            ))}
          </div>
        )}
      </Stack>
    </Page>
  );
}
