import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type TEmailGiven, type TEmailState, ZEmailState } from '#contract/email';
import { api } from '@/lib/api';
import { emailKeys } from '@/lib/query-keys';

/** The caller's address for the bot's messages and where it stands. */
export const getEmailState = () => api.get('/api/me/email', ZEmailState);

export const emailStateQueryOptions = () =>
  queryOptions({ queryKey: emailKeys.state, queryFn: getEmailState });

export const useEmailState = () => useQuery(emailStateQueryOptions());

/** The answer of a give or an ask stands as the state (the server sent the mail before it). */
function useEmailChange<T>(change: (input: T) => Promise<TEmailState>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (state) => queryClient.setQueryData(emailKeys.state, state),
  });
}

/** Gives the address (the receipts' one too); a new one is mailed its confirming link. */
export const useGiveEmail = () =>
  useEmailChange((given: TEmailGiven) => api.put('/api/me/email', { body: given, schema: ZEmailState }));

/** Mails the confirming link again, to the address on record. */
export const useConfirmEmail = () =>
  useEmailChange(() => api.post('/api/me/email/confirmation', { schema: ZEmailState }));
