import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { adminKeys } from '@/lib/query-keys';

/** Puts a given-up message back in the bot's outbox (idempotent: one already back stays as it is). */
export const resendUndelivered = (id: number) => api.post<void>(`/api/admin/notifications/${id}/resend`);

export function useResendUndelivered() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendUndelivered,
    // A message sent again keeps its row, saying so, until the list is next opened; a refusal
    // (gone meanwhile) shows the list as it is now.
    onError: () => queryClient.invalidateQueries({ queryKey: adminKeys.undelivered }),
  });
}
