import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useMyCouponsOnce } from '@/features/my-coupons/api/get-my-coupons';
import { useUsername } from '@/features/session/api/get-me';
import { useDelayedNavigate } from '@/hooks/use-delayed-navigate';
import { texts } from './texts';

/**
 * The QR one tap from Home: a person holding a usable coupon sees it named here, and the tap opens
 * its QR over the whole of My QR. The list is asked once, not polled: Home is not where it changes.
 */
export function HomeCoupon() {
  const username = useUsername();
  const { data: coupons } = useMyCouponsOnce(username);
  const { go, pendingTo } = useDelayedNavigate();
  // The server lists usable coupons first, newest first.
  const coupon = coupons?.find(({ status }) => status === 'NOT_USED');
  if (!coupon) return null;
  const href = paths.myCoupons.getHref(coupon.id, { showQr: true });
  return (
    <Button variant="secondary" pressed={pendingTo === href} onClick={() => go(href)}>
      {texts.yourCoupon(coupon.companyName)}
    </Button>
  );
}
