import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { ZStaffResponse } from '#contract/back-office-partners';
import { api } from '@/lib/api';
import { partnerKeys } from '@/lib/query-keys';

export const getStaff = (partnerId: number) => api.get(`/api/partners/${partnerId}/staff`, ZStaffResponse);

export const getStaffQueryOptions = (partnerId: number | null) =>
  queryOptions({
    queryKey: partnerKeys.staff(partnerId),
    queryFn: partnerId === null ? skipToken : () => getStaff(partnerId),
  });

/** A partner's staff usernames (the admin's and its spokesman's to read); idle while no partner is chosen. */
export const useStaff = (partnerId: number | null) => useQuery(getStaffQueryOptions(partnerId));
