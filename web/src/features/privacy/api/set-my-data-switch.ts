import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMyData } from '#contract/privacy';
import { getMyDataQueryOptions } from './get-my-data';

type User = TMyData['user'];

/**
 * Saves one of «Мои данные»'s switches: the held data shows the choice at once, a read of it
 * already on its way (after the other switch, say) is dropped rather than let put the old value
 * back, and a refusal puts the box back as it was.
 */
export function useMyDataSwitch<T>(
  save: (setting: T) => Promise<void>,
  apply: (user: User, setting: T) => User,
) {
  const queryClient = useQueryClient();
  const { queryKey } = getMyDataQueryOptions();
  return useMutation({
    mutationFn: save,
    onMutate: async (setting: T) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData(queryKey);
      queryClient.setQueryData(queryKey, (data) => data && { ...data, user: apply(data.user, setting) });
      return { before };
    },
    onError: (_error, _setting, context) => {
      if (context?.before) queryClient.setQueryData(queryKey, context.before);
    },
  });
}
