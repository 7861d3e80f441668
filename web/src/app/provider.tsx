import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ServerClock } from '@/features/session/components/server-clock';
import { isRefusal } from '@/lib/api-client';

const MAX_RETRIES = 2;

const shouldRetry = (failures: number, error: unknown) => failures < MAX_RETRIES && !isRefusal(error);

function createQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: shouldRetry } },
    queryCache: new QueryCache({
      // Screens show their own connection states; a failed query is also worth a log line
      // (SPEC §8: role and chat-member check failures are only logged).
      onError: (error, query) => console.error(`Query ${query.queryHash} failed`, error),
    }),
  });
}

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ServerClock>{children}</ServerClock>
    </QueryClientProvider>
  );
}
