import type { TEmailState } from '#contract/email';
import { LinkButton } from '@/components/ui/link-button';
import { Notice } from '@/components/ui/notice';
import { errorMessage } from '@/lib/api-client';
import { useConfirmEmail } from '../api/email-state';
import { emailTexts } from '../texts';
import './email-confirmation.css';

/**
 * Where the address stands for the bot's messages: confirmed, or the confirming mail sent (asked
 * for here, or just now by saving it), or not confirmed, with the way to ask; nothing before an
 * address is given or while nothing is mailed.
 */
export function EmailConfirmation({ state, justSent }: { state: TEmailState; justSent?: boolean }) {
  const confirm = useConfirmEmail();
  const { email } = state;
  if (!state.mailOn || !email || state.state === 'none') return null;
  if (state.state === 'confirmed')
    return <p className="email-confirmation email-confirmation--ok">{emailTexts.confirmed}</p>;
  const sent = justSent || confirm.isSuccess;
  const ask =
    state.state === 'stopped' ? emailTexts.resume : sent ? emailTexts.sendAgain : emailTexts.confirm;
  return (
    <div className="email-confirmation">
      <p>
        {sent
          ? emailTexts.sent(email)
          : state.state === 'stopped'
            ? emailTexts.stopped(email)
            : emailTexts.unconfirmed(email)}{' '}
        <LinkButton disabled={confirm.isPending} onClick={() => confirm.mutate(undefined)}>
          {confirm.isPending ? emailTexts.sending : ask}
        </LinkButton>
      </p>
      {confirm.isError && <Notice tone="error">{errorMessage(confirm.error)}</Notice>}
    </div>
  );
}
