import { useEffect } from 'react';
import { paths } from '@/config/paths';
import { useLocation, useNavigate } from '@/lib/router/router';
import { clientHasSettingsButton, onSettingsButtonPress } from '@/telegram/settings-button';
import { ofLaunch } from './messenger-of-launch';

/**
 * The messenger's Settings button, shown at start where its client has one; an optional capability
 * (MAX has none, ADR 0019), and where it is missing the policy is a link on Home.
 */
type SettingsButton = { onPress: (listener: () => void) => () => void };

const settingsButton = () =>
  ofLaunch<SettingsButton | undefined>({
    telegram: clientHasSettingsButton() ? { onPress: onSettingsButtonPress } : undefined,
    max: () => undefined,
  });

/** The messenger's Settings button opens the privacy policy. */
export function SettingsButtonOpensPrivacy() {
  const navigate = useNavigate();
  const { pathname } = useLocation();

  useEffect(() => {
    const privacy = paths.privacy.getHref();
    return settingsButton()?.onPress(() => {
      if (pathname !== privacy) navigate(privacy);
    });
  }, [navigate, pathname]);

  return null;
}
