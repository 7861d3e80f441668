import { useWaitingRequestCount } from '@/features/coupon-requests/api/get-coupon-requests';

/** Read with «ЗАЯВКИ» by a screen reader: «3 ждут решения», «21 ждет решения». */
const requestsWaiting = (count: number) =>
  `${count} ${count % 10 === 1 && count % 100 !== 11 ? 'ждет' : 'ждут'} решения`;

/**
 * How many coupon requests wait for an admin, on Home's «ЗАЯВКИ»: asked once when Home opens (the
 * request list polls; Home does not), nothing while unknown or none.
 */
export function HomeRequestCount() {
  const count = useWaitingRequestCount().data ?? 0;
  return (
    count > 0 && (
      <>
        <span className="home__count" aria-hidden="true">
          {count}
        </span>
        <span className="home__unseen">{`: ${requestsWaiting(count)}`}</span>
      </>
    )
  );
}
