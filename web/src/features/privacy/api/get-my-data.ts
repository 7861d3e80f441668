import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZMyData } from '#contract/privacy';
import { api } from '@/lib/api';

/** Everything the server holds about the caller. */
export const getMyData = () => api.get('/api/me/data', ZMyData);

export const getMyDataQueryOptions = () => queryOptions({ queryKey: ['my-data'], queryFn: getMyData });

export const useMyData = () => useQuery(getMyDataQueryOptions());
