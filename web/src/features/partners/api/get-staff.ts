import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { ZStaffResponse } from '#contract/back-office-partners';
import { api } from '@/lib/api';

export const staffQueryKey = (partnerId: number | null) => ['partners', 'staff', partnerId] as const;

export const getStaff = (partnerId: number) => api.get(`/api/partners/${partnerId}/staff`, ZStaffResponse);

export const getStaffQueryOptions = (partnerId: number | null) =>
  queryOptions({
    queryKey: staffQueryKey(partnerId),
    queryFn: partnerId === null ? skipToken : () => getStaff(partnerId),
  });

/** A partner's staff usernames (the admin's and its spokesman's to read); idle while no partner is chosen. */
export const useStaff = (partnerId: number | null) => useQuery(getStaffQueryOptions(partnerId));
