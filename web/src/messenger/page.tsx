import { type ReactNode, useEffect } from 'react';
import { useGoBack } from '@/hooks/use-go-back';
import { useIsPresent } from '@/hooks/use-is-present';
import { hideBackButton, showBackButton } from '@/telegram/back-button';
import { ofLaunch } from './messenger-of-launch';

/** The messenger's back button: shown with what a press does (until the returned stop), or hidden. */
export type BackButton = { show: (onPress: () => void) => () => void; hide: () => void };

const backButton = () =>
  ofLaunch<BackButton>({
    telegram: { show: showBackButton, hide: hideBackButton },
    max: (max) => max.backButton,
  });

type PageProps = {
  /** Show the messenger's back button (every screen but Home). */
  back?: boolean;
  children: ReactNode;
};

/** Ties the messenger's back button to the router for the screen it wraps. */
export function Page({ back = true, children }: PageProps) {
  const goBack = useGoBack();
  // During a page transition the leaving screen is still mounted; only the arriving one may
  // own the button, or one press would go back twice.
  const isPresent = useIsPresent();

  useEffect(() => {
    if (!isPresent) return;
    if (!back) {
      backButton().hide();
      return;
    }
    return backButton().show(goBack);
  }, [back, goBack, isPresent]);

  return children;
}
