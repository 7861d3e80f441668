import { settingsButton } from '@telegram-apps/sdk-react';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';

/** Telegram's Settings button (in the mini-app's menu, shown by init.ts) opens the privacy policy. */
export function SettingsButtonOpensPrivacy() {
  const navigate = useNavigate();
  const { pathname } = useLocation();

  useEffect(() => {
    const privacy = paths.privacy.getHref();
    const subscription = settingsButton.onClick.ifAvailable(() => {
      if (pathname !== privacy) navigate(privacy);
    });
    return subscription[0] ? subscription[1] : undefined;
  }, [navigate, pathname]);

  return null;
}
