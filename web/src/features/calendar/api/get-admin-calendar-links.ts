import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZAdminCalendarLinksResponse } from '#contract/calendar';
import { api } from '@/lib/api';

export const getAdminCalendarLinks = () => api.get('/api/admin/calendar-links', ZAdminCalendarLinksResponse);

export const getAdminCalendarLinksQueryOptions = () =>
  queryOptions({ queryKey: ['calendar', 'admin-links'], queryFn: getAdminCalendarLinks });

export const useAdminCalendarLinks = () => useQuery(getAdminCalendarLinksQueryOptions());
