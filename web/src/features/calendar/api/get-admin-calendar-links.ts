import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZAdminCalendarLinksResponse } from '#contract/calendar';
import { api } from '@/lib/api';
import { calendarKeys } from '@/lib/query-keys';

export const getAdminCalendarLinks = () => api.get('/api/admin/calendar-links', ZAdminCalendarLinksResponse);

export const getAdminCalendarLinksQueryOptions = () =>
  queryOptions({ queryKey: calendarKeys.adminLinks, queryFn: getAdminCalendarLinks });

export const useAdminCalendarLinks = () => useQuery(getAdminCalendarLinksQueryOptions());
