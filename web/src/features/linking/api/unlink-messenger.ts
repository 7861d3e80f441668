import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZMyMessengers } from '#contract/linking';
import type { TMessenger } from '#contract/messengers';
import { api } from '@/lib/api';

/** The caller's account in `messenger` made a person of its own; their accounts as they are now. */
export const unlinkMessenger = (messenger: TMessenger) =>
  api.delete(`/api/me/messengers/${messenger}`, { schema: ZMyMessengers });

/**
 * Unlinking may give the caller a new id (the Telegram account leaving keeps its own): every answer
 * read as them is read again.
 */
export function useUnlinkMessenger() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkMessenger,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
