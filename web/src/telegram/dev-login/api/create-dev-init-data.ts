import { useMutation } from '@tanstack/react-query';
import { ZDevInitDataResponse } from '#contract/session';
import { api } from '@/lib/api';

/** Whom to sign in as, and in which messenger. */
export type DevLoginChoice = { userId: number; messenger: 'telegram' | 'max' };

export const createDevInitData = ({ userId, messenger }: DevLoginChoice) =>
  api.post('/api/dev/init-data', { body: { userId, messenger }, schema: ZDevInitDataResponse });

export const useCreateDevInitData = ({
  onSuccess,
}: {
  onSuccess: (initData: string, choice: DevLoginChoice) => void;
}) =>
  useMutation({
    mutationFn: createDevInitData,
    onSuccess: ({ initData }, choice) => onSuccess(initData, choice),
  });
