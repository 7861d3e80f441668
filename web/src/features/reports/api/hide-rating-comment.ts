import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { reportKeys } from '@/lib/query-keys';

/** An admin hides a buyer's comment from the partner's report (the server audit-logs it). */
export const hideRatingComment = (ratingId: number) =>
  api.post<string>(`/api/admin/ratings/${ratingId}/hide-comment`);

export const useHideRatingComment = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: hideRatingComment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.redemptions }),
  });
};
