import { useEffect } from 'react';
import { COUPON_START_PARAM_PREFIX, MY_COUPONS_START_PARAM } from '#contract/start-params';
import { paths } from '@/config/paths';
import { useNavigate } from '@/lib/router/router';
import { launchStartParam } from './launch-params';

/** Set once the start screen was opened: a reload of this launch stays where the user went. */
const OPENED_KEY = 'katajsya.startParamOpened';

/** The screen a `startapp` parameter names, if any. */
export function startScreenOf(param: string | undefined): string | undefined {
  if (param === MY_COUPONS_START_PARAM) return paths.myCoupons.getHref();
  // A reminder's «Открыть QR»: My QR on that coupon.
  if (param?.startsWith(COUPON_START_PARAM_PREFIX)) {
    const couponId = param.slice(COUPON_START_PARAM_PREFIX.length);
    if (couponId) return paths.myCoupons.getHref(couponId);
  }
  return undefined;
}

/**
 * Opens the screen a link asked for (`t.me/<bot>?startapp=my-coupons`, the button of a shared
 * gift; `startapp=qr-<coupon id>`, a reminder's) once at launch; Home stays below it, for the back
 * button.
 */
export function OpensStartScreen() {
  const navigate = useNavigate();

  useEffect(() => {
    const screen = startScreenOf(launchStartParam());
    if (!screen || sessionStorage.getItem(OPENED_KEY)) return;
    sessionStorage.setItem(OPENED_KEY, '1');
    navigate(screen);
  }, [navigate]);

  return null;
}
