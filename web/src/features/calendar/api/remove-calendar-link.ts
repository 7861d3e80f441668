import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { calendarKeys } from '@/lib/query-keys';

export const removeCalendarLink = (id: number) => api.delete(`/api/admin/calendar-links/${id}`);

export function useRemoveCalendarLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCalendarLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarKeys.all }),
  });
}
