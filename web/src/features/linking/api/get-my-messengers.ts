import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZMyMessengers } from '#contract/linking';
import { api } from '@/lib/api';
import { privacyKeys } from '@/lib/query-keys';

/** The caller's accounts, the launch's first, and the messengers they may still link. */
export const getMyMessengers = () => api.get('/api/me/messengers', ZMyMessengers);

export const getMyMessengersQueryOptions = () =>
  queryOptions({ queryKey: privacyKeys.myMessengers, queryFn: getMyMessengers });

/** `pollMs`: asked again this often (while a link waits to be opened in the other messenger). */
export const useMyMessengers = (pollMs?: number) =>
  useQuery({ ...getMyMessengersQueryOptions(), refetchInterval: pollMs ?? false });
