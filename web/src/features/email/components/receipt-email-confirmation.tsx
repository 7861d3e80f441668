import { useEmailState } from '../api/email-state';
import { EmailConfirmation } from './email-confirmation';

/** Under the buy screen's remembered receipt address: whether the bot's messages may be mailed to it too. */
export function ReceiptEmailConfirmation({ email }: { email: string }) {
  const state = useEmailState();
  // Only of the address shown: one typed a moment ago is the server's once the payment starts.
  if (state.data?.email !== email) return null;
  return <EmailConfirmation state={state.data} />;
}
