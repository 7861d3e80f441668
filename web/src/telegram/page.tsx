import { type ReactNode, useEffect } from 'react';
import { useGoBack } from '@/hooks/use-go-back';
import { useIsPresent } from '@/hooks/use-is-present';
import { hideBackButton, showBackButton } from './back-button';

type PageProps = {
  /** Show Telegram's BackButton (every screen but Home). */
  back?: boolean;
  children: ReactNode;
};

/** Ties Telegram's BackButton to the router for the screen it wraps. */
export function Page({ back = true, children }: PageProps) {
  const goBack = useGoBack();
  // During a page transition the leaving screen is still mounted; only the arriving one may
  // own the button, or one press would go back twice.
  const isPresent = useIsPresent();

  useEffect(() => {
    if (!isPresent) return;
    if (!back) {
      hideBackButton();
      return;
    }
    return showBackButton(goBack);
  }, [back, goBack, isPresent]);

  return children;
}
