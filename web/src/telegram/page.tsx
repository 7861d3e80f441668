import { backButton } from '@telegram-apps/sdk-react';
import { type ReactNode, useEffect } from 'react';
import { useGoBack } from '@/hooks/use-go-back';
import { useIsPresent } from '@/hooks/use-is-present';

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
      backButton.hide.ifAvailable();
      return;
    }
    backButton.show.ifAvailable();
    const subscription = backButton.onClick.ifAvailable(goBack);
    return subscription[0] ? subscription[1] : undefined;
  }, [back, goBack, isPresent]);

  return children;
}
