import { queryOptions, useQuery } from '@tanstack/react-query';
import { type TCalendarLink, ZCalendarLinksResponse } from '#contract/calendar';
import { api } from '@/lib/api';
import { calendarKeys } from '@/lib/query-keys';

/** SPEC §4: a connection page asks again every 5 s until its data arrives. */
const CALENDAR_RETRY_MS = 5000;

/** SPEC §5: the calendar screen counts as loaded once the list has more than one calendar. */
export const isCalendarListLoaded = (links: readonly TCalendarLink[] | undefined): links is TCalendarLink[] =>
  (links?.length ?? 0) > 1;

export const getCalendarLinks = () => api.get('/api/calendar/links', ZCalendarLinksResponse);

export const getCalendarLinksQueryOptions = () =>
  queryOptions({
    queryKey: calendarKeys.links,
    queryFn: getCalendarLinks,
    // The 5 s rhythm is the retry; the client's own quicker retries would only crowd it.
    retry: false,
    refetchInterval: (query) => (isCalendarListLoaded(query.state.data) ? false : CALENDAR_RETRY_MS),
  });

export const useCalendarLinks = () => useQuery(getCalendarLinksQueryOptions());
