import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PrivacyErrorCode, type TEraseRequest } from '#contract/privacy';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import { privacyKeys } from '@/lib/query-keys';

/** Erases the caller's personal data; with unused coupons they must be given up explicitly. */
export const eraseMe = (request: TEraseRequest) => api.delete<void>('/api/me', { body: request });

export function useEraseMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: eraseMe,
    // Nothing the app read about the person stands: every answer is dropped and asked afresh. Not
    // awaited, so the caller forgets what the device keeps before the session's answer comes back.
    onSuccess: () => void queryClient.resetQueries(),
    // A coupon arrived meanwhile (a gift): the held data is read again, its coupons asked about anew.
    onError: (error) => {
      if (error instanceof ApiError && error.code === PrivacyErrorCode.unusedCoupons)
        void queryClient.invalidateQueries({ queryKey: privacyKeys.myData });
    },
  });
}
