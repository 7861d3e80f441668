import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';

import { getMeQueryOptions } from '@/features/session/api/get-me';
import { ApiError } from '@/lib/api-client';
import { type LaunchState, launchAsStandIn } from '@/messenger/launch';
import { SignInRefused } from '@/telegram/sign-in-refused';
import { isStandIn } from '@/telegram/stand-in';
import { AppRouter } from './router';
import { useOfflineRedeeming } from './use-offline-redeeming';

// The stand-in's user picker is for a plain browser only: never part of what a messenger loads first.
const DevLogin = lazy(() =>
  import('@/telegram/dev-login/dev-login').then((module) => ({ default: module.DevLogin })),
);

// Only when no messenger could start the app: never part of what a messenger loads first.
const OpenInMessenger = lazy(() =>
  import('@/messenger/open-in-messenger').then((module) => ({ default: module.OpenInMessenger })),
);

// Only in the local stand-in: what Telegram would do with a t.me link the app opens (an invitation).
const StandInLinks = lazy(() =>
  import('@/telegram/dev-login/stand-in-links').then((module) => ({ default: module.StandInLinks })),
);

function StartedApp() {
  // SPEC §4: the user's username, role and chat membership are loaded on start, whatever screen opens.
  const { data: user, error } = useQuery(getMeQueryOptions());
  useOfflineRedeeming(user);
  // Init data the server refuses (forged, or older than a day) will not pass on any screen.
  if (error instanceof ApiError && error.status === 401) return <SignInRefused message={error.message} />;
  return (
    <>
      <AppRouter />
      {isStandIn() && (
        <Suspense>
          <StandInLinks />
        </Suspense>
      )}
    </>
  );
}

export function App({ launchState: initialLaunchState }: { launchState: LaunchState }) {
  const [launchState, setLaunchState] = useState(initialLaunchState);

  switch (launchState) {
    case 'started':
      return <StartedApp />;
    case 'outside':
      return (
        <Suspense>
          <DevLogin onLogin={(initData) => setLaunchState(launchAsStandIn(initData))} />
        </Suspense>
      );
    case 'failed':
      return (
        <Suspense>
          <OpenInMessenger />
        </Suspense>
      );
  }
}
