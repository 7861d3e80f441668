import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZMyData } from '#contract/privacy';
import { api } from '@/lib/api';
import { privacyKeys } from '@/lib/query-keys';

/** Everything the server holds about the caller. */
export const getMyData = () => api.get('/api/me/data', ZMyData);

export const getMyDataQueryOptions = () => queryOptions({ queryKey: privacyKeys.myData, queryFn: getMyData });

export const useMyData = () => useQuery(getMyDataQueryOptions());
