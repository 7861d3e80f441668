import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { sessionKeys } from '@/lib/query-keys';
import { launchUser } from '@/messenger/launch-params';
import { readStoredUser, storeUser, type TUserState, toUserState } from '../user-state';
import { meCheck } from './me-check';

const USER_STALE_MS = 60_000;

export const getMe = () => api.get('/api/me', meCheck);

export const getMeQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.me,
    queryFn: async () => {
      const me = await getMe();
      storeUser(me);
      return toUserState(me);
    },
    // The state saved last time shows at once; being dated to 0 it is refetched on start.
    initialData: () => readStoredUser(launchUser()?.id),
    initialDataUpdatedAt: 0,
    staleTime: USER_STALE_MS,
  });

/** The current user (SPEC §3), or undefined until the first answer on a first start. */
export const useUser = () => useQuery(getMeQueryOptions()).data;

/**
 * Asks /api/me again; a change the server has just accepted (a consent, an e-mail) is taken at
 * once, before the answer comes.
 */
export function useRefreshUser() {
  const queryClient = useQueryClient();
  return (change?: Partial<TUserState>) => {
    const { queryKey } = getMeQueryOptions();
    if (change) queryClient.setQueryData(queryKey, (current) => current && { ...current, ...change });
    void queryClient.invalidateQueries({ queryKey });
  };
}

/**
 * The caller's Telegram username: the server's word once /api/me has answered, before that the
 * launch's init data, which the server reads it from. A screen that needs only the username (My QR
 * asks for its list by it) does not wait for /api/me on a first start.
 */
export function useUsername(): string | null | undefined {
  const user = useUser();
  return user ? user.username : launchUser()?.username;
}
