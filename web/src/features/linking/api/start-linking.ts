import { useMutation } from '@tanstack/react-query';
import { ZLinkStart } from '#contract/linking';
import type { TMessenger } from '#contract/messengers';
import { api } from '@/lib/api';

/** A one-time code for linking the caller's account in `messenger`: the link into that messenger's bot. */
export const startLinking = (messenger: TMessenger) =>
  api.post(`/api/me/messengers/${messenger}/link`, { schema: ZLinkStart });

export const useStartLinking = () => useMutation({ mutationFn: startLinking });
