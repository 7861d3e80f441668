import { useEffect } from 'react';
import { MY_COUPONS_START_PARAM } from '#contract/start-params';
import { paths } from '@/config/paths';
import { useNavigate } from '@/lib/router/router';
import { launchParams } from './launch-params';

/** Set once the start screen was opened: a reload of this launch stays where the user went. */
const OPENED_KEY = 'katajsya.startParamOpened';

const SCREENS: Record<string, string> = { [MY_COUPONS_START_PARAM]: paths.myCoupons.getHref() };

/**
 * Opens the screen a link asked for (`t.me/<bot>?startapp=my-coupons`, the button of a shared
 * gift) once at launch; Home stays below it, for the back button.
 */
export function OpensStartScreen() {
  const navigate = useNavigate();

  useEffect(() => {
    const param = launchParams()?.startParam;
    const screen = param ? SCREENS[param] : undefined;
    if (!screen || sessionStorage.getItem(OPENED_KEY)) return;
    sessionStorage.setItem(OPENED_KEY, '1');
    navigate(screen);
  }, [navigate]);

  return null;
}
