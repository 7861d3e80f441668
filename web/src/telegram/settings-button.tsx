import { useEffect } from 'react';
import { paths } from '@/config/paths';
import { useLocation, useNavigate } from '@/lib/router/router';
import { on, postEvent } from './bridge';
import { supports } from './protocol';

/** Telegram's menu offers «Настройки» with it (Mini Apps 6.10): the app opens its privacy policy there. */
export function showSettingsButton(): void {
  if (supports('web_app_setup_settings_button'))
    postEvent('web_app_setup_settings_button', { is_visible: true });
}

/** Telegram's Settings button (shown at start) opens the privacy policy. */
export function SettingsButtonOpensPrivacy() {
  const navigate = useNavigate();
  const { pathname } = useLocation();

  useEffect(() => {
    const privacy = paths.privacy.getHref();
    return on('settings_button_pressed', () => {
      if (pathname !== privacy) navigate(privacy);
    });
  }, [navigate, pathname]);

  return null;
}
