import type { TUndeliveredMessage } from '#contract/notifications';
import { Header } from '@/components/layout/header';
import { Button } from '@/components/ui/button';
import { Loaded } from '@/components/ui/loaded';
import { Notice } from '@/components/ui/notice';
import { RowList } from '@/components/ui/row-list';
import { Stack } from '@/components/ui/stack';
import { useUndelivered } from '@/features/notifications/api/get-undelivered';
import { useResendUndelivered } from '@/features/notifications/api/resend-undelivered';
import { RoleGate } from '@/features/session/components/role-gate';
import { isAdmin } from '@/features/session/user-state';
import { useClock } from '@/hooks/use-clock';
import { Page } from '@/messenger/page';
import './undelivered-page.css';
import { texts } from './texts';

/** The bot's messages given up, each with «Отправить снова», for admins. */
export function UndeliveredPage() {
  return (
    <Page>
      <Header title={texts.title} />
      <Stack>
        <RoleGate allows={isAdmin} refusal={texts.adminsOnly}>
          <UndeliveredList />
        </RoleGate>
      </Stack>
    </Page>
  );
}

function UndeliveredList() {
  const undelivered = useUndelivered();
  return (
    <Loaded query={undelivered} className="state-line">
      {(messages) => (
        <>
          <p className="undelivered__lead">{texts.lead}</p>
          {messages.length === 0 ? (
            <p className="state-line">{texts.empty}</p>
          ) : (
            <RowList className="undelivered__rows">
              {messages.map((message) => (
                <UndeliveredRow key={message.id} message={message} />
              ))}
            </RowList>
          )}
        </>
      )}
    </Loaded>
  );
}

function UndeliveredRow({ message }: { message: TUndeliveredMessage }) {
  const resend = useResendUndelivered();
  const clock = useClock();
  const why = message.reason === 'refused' ? texts.refused : texts.unanswered;
  return (
    <li className="undelivered__message">
      <span className="undelivered__recipient">{texts.to(message.recipient)}</span>
      <p className="undelivered__text">{message.text}</p>
      <span className="undelivered__why">
        {texts.givenUpAt(clock.dateTime(message.failedAt))} · {why}
        {message.error ? `: ${message.error}` : ''}
      </span>
      {resend.isSuccess ? (
        <Notice tone="success">{texts.queued}</Notice>
      ) : (
        <Button
          variant="secondary"
          busy={resend.isPending && texts.resending}
          onClick={() => resend.mutate(message.id)}
        >
          {texts.resend}
        </Button>
      )}
      {resend.error && <Notice tone="error">{resend.error.message}</Notice>}
    </li>
  );
}
