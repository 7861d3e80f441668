import { useMutation } from '@tanstack/react-query';
import { ZDevInitDataResponse } from '#contract/session';
import { api } from '@/lib/api';

export const createDevInitData = (userId: number) =>
  api.post('/api/dev/init-data', { body: { userId }, schema: ZDevInitDataResponse });

export const useCreateDevInitData = ({ onSuccess }: { onSuccess: (initData: string) => void }) =>
  useMutation({
    mutationFn: createDevInitData,
    onSuccess: ({ initData }) => onSuccess(initData),
  });
