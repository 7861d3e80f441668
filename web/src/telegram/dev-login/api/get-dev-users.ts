import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZDevUsersResponse } from '#contract/session';
import { api } from '@/lib/api';
import { devUserKeys } from '@/lib/query-keys';

export const getDevUsers = () => api.get('/api/dev/users', ZDevUsersResponse);

export const getDevUsersQueryOptions = () =>
  queryOptions({
    queryKey: devUserKeys.all,
    queryFn: getDevUsers,
    // A 404 means "this server is not a stand-in"; asking again would not change that.
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useDevUsers = () => useQuery(getDevUsersQueryOptions());
