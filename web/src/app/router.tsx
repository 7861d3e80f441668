import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { BrowserRouter } from 'react-router';
import { RoutePrefetchContext } from '@/lib/route-prefetch';
import { SettingsButtonOpensPrivacy } from '@/telegram/settings-button';
import { OpensStartScreen } from '@/telegram/start-param';
import { PageTransitions } from './page-transitions';
import { prefetchScreen } from './routes';

export function AppRouter() {
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
}
