import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZPrivacyInfo } from '#contract/privacy';
import { api } from '@/lib/api';
import { privacyKeys } from '@/lib/query-keys';

/** The operator's details and the retention terms the policy page prints. */
export const getPrivacyInfo = () => api.get('/api/privacy', ZPrivacyInfo);

export const getPrivacyInfoQueryOptions = () =>
  queryOptions({
    queryKey: privacyKeys.policy,
    queryFn: getPrivacyInfo,
    // The operator's details change with a redeploy, not while the app is open.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const usePrivacyInfo = () => useQuery(getPrivacyInfoQueryOptions());
