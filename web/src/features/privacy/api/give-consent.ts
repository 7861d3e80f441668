import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Records the user's consent to the current edition of the privacy policy (204, no body). */
export const giveConsent = () => api.post<void>('/api/me/consent');

export const useGiveConsent = () => useMutation({ mutationFn: giveConsent });
