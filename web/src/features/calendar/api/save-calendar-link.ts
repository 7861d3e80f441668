import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type TCalendarLinkInput, ZAdminCalendarLink } from '#contract/calendar';
import { api } from '@/lib/api';
import { calendarKeys } from '@/lib/query-keys';

export type SaveCalendarLink = { id?: number; input: TCalendarLinkInput };

/** Adds a calendar, or edits the one `id` names. */
export const saveCalendarLink = ({ id, input }: SaveCalendarLink) =>
  id === undefined
    ? api.post('/api/admin/calendar-links', { body: input, schema: ZAdminCalendarLink })
    : api.put(`/api/admin/calendar-links/${id}`, { body: input, schema: ZAdminCalendarLink });

export function useSaveCalendarLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCalendarLink,
    // Both the admin's list and the buttons everyone sees.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarKeys.all }),
  });
}
