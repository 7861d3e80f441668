import { useMutation } from '@tanstack/react-query';
import type { TEraseRequest } from '#contract/privacy';
import { api } from '@/lib/api';

/** Erases the caller's personal data; with unused coupons they must be given up explicitly. */
export const eraseMe = (request: TEraseRequest) => api.delete<void>('/api/me', { body: request });

export const useEraseMe = () => useMutation({ mutationFn: eraseMe });
