import { useQueryClient } from '@tanstack/react-query';
import { memo, useCallback } from 'react';
import { RoutePrefetchContext } from '@/lib/route-prefetch';
import { BrowserRouter } from '@/lib/router/router';
import { SettingsButtonOpensPrivacy } from '@/messenger/settings-button';
import { OpensStartScreen } from '@/messenger/start-param';
import { PageTransitions } from './page-transitions';
import { prefetchScreen } from './routes';

/**
 * Memoized: the app's root draws again when /api/me answers, and the screens that need the user
 * read it themselves; the whole tree is not drawn again for it (it was most of My QR's blocking time).
 */
export const AppRouter = memo(function AppRouter() {
  const queryClient = useQueryClient();
  const prefetch = useCallback((href: string) => prefetchScreen(href, queryClient), [queryClient]);
  return (
    <BrowserRouter>
      <RoutePrefetchContext.Provider value={prefetch}>
        <PageTransitions />
      </RoutePrefetchContext.Provider>
      <SettingsButtonOpensPrivacy />
      <OpensStartScreen />
    </BrowserRouter>
  );
});
