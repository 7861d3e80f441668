import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { Section } from '@/components/ui/section';
import { errorMessage } from '@/lib/api-client';
import { useEmailState, useGiveEmail } from '../api/email-state';
import { emailTexts } from '../texts';
import { EmailConfirmation } from './email-confirmation';
import './messages-email.css';

/**
 * «Мои данные»'s address for the bot's messages (the receipts' one): given or changed here, mailed
 * its confirming link, and where it stands. Absent while nothing is mailed (no SMTP on the server).
 */
export function MessagesEmail() {
  const state = useEmailState();
  const give = useGiveEmail();
  const [draft, setDraft] = useState<string>();
  if (!state.data?.mailOn) return null;
  const typed = draft ?? state.data.email ?? '';

  function save(event: FormEvent) {
    event.preventDefault();
    give.mutate({ email: typed }, { onSuccess: () => setDraft(undefined) });
  }

  return (
    <Section title={emailTexts.title}>
      <p className="messages-email__lead">{emailTexts.lead}</p>
      <form className="messages-email__form" onSubmit={save} noValidate>
        <TextField
          label={emailTexts.field}
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={emailTexts.placeholder}
          error={give.isError ? errorMessage(give.error) : undefined}
          value={typed}
          onChange={(event) => setDraft(event.target.value)}
        />
        {draft !== undefined && draft.trim() !== (state.data.email ?? '') && (
          <Button type="submit" variant="secondary" busy={give.isPending && emailTexts.saving}>
            {emailTexts.save}
          </Button>
        )}
      </form>
      {draft === undefined && (
        <EmailConfirmation state={state.data} justSent={give.isSuccess && give.data.state !== 'confirmed'} />
      )}
    </Section>
  );
}
