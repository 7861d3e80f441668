import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { getMeQueryOptions } from '@/features/session/api/get-me';
import { ServerClock } from '@/features/session/components/server-clock';
import type { TUserState } from '@/features/session/user-state';
import { MemoryRouter } from '@/lib/router/router';

type RenderOptions = {
  /** The URL the router starts at. */
  route?: string;
  /** The user state as if /api/me had already answered. */
  user?: TUserState;
};

export function createTestQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

export function renderWithProviders(ui: ReactElement, { route = '/', user }: RenderOptions = {}) {
  const queryClient = createTestQueryClient();
  if (user) queryClient.setQueryData(getMeQueryOptions().queryKey, user);
  return {
    queryClient,
    ...render(
      <QueryClientProvider client={queryClient}>
        <ServerClock>
          <MemoryRouter entries={[route]}>{ui}</MemoryRouter>
        </ServerClock>
      </QueryClientProvider>,
    ),
  };
}

export const adminUser: TUserState = {
  username: 'admin_anna',
  role: 'admin',
  isChatMember: true,
  communityChatLink: 'https://t.me/+test-rafting-chat',
  email: null,
  consentGiven: true,
  receiptEmailRequired: false,
  timeZone: 'Europe/Moscow',
};
export const partnerUser: TUserState = {
  username: 'partner_petr',
  role: 'partner',
  isChatMember: true,
  communityChatLink: 'https://t.me/+test-rafting-chat',
  email: null,
  consentGiven: true,
  receiptEmailRequired: false,
  timeZone: 'Europe/Moscow',
};
export const staffUser: TUserState = {
  username: 'staff_sveta',
  role: 'staff',
  isChatMember: true,
  communityChatLink: 'https://t.me/+test-rafting-chat',
  email: null,
  consentGiven: true,
  receiptEmailRequired: false,
  timeZone: 'Europe/Moscow',
};
export const plainUser: TUserState = {
  username: 'user_ivan',
  role: 'user',
  isChatMember: true,
  communityChatLink: 'https://t.me/+test-rafting-chat',
  email: null,
  consentGiven: true,
  receiptEmailRequired: false,
  timeZone: 'Europe/Moscow',
};

/** A fetch stand-in answering JSON with the given status. */
export function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
