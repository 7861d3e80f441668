import { Header } from '@/components/layout/header';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { Stack } from '@/components/ui/stack';
import { useInviteStats } from '@/features/invites/api/get-invite-stats';
import { RoleGate } from '@/features/session/components/role-gate';
import { isAdmin } from '@/features/session/user-state';
import { errorMessage } from '@/lib/api-client';
import { Page } from '@/telegram/page';
import './invites-page.css';
import { texts } from './texts';

/** Invitations: per member, who came through their link and who of them bought, for admins. */
export function InvitesPage() {
  return (
    <Page>
      <Header title={texts.title} />
      <Stack>
        <RoleGate allows={isAdmin} refusal={texts.adminsOnly}>
          <InviteStats />
        </RoleGate>
      </Stack>
    </Page>
  );
}

function InviteStats() {
  const stats = useInviteStats();
  if (stats.isError) return <Notice tone="error">{errorMessage(stats.error)}</Notice>;
  if (!stats.data)
    return (
      <p className="invites__state">
        <Spinner label={texts.loading} />
      </p>
    );
  return (
    <>
      <p className="invites__lead">{texts.lead}</p>
      {stats.data.length === 0 ? (
        <p className="invites__state">{texts.empty}</p>
      ) : (
        <ul className="invites__rows">
          {stats.data.map((row) => (
            <li key={row.inviter} className="invites__row">
              <span className="invites__inviter">{row.inviter}</span>
              <dl className="invites__figures">
                <div>
                  <dt>{texts.came}</dt>
                  <dd>{row.came}</dd>
                </div>
                <div>
                  <dt>{texts.bought}</dt>
                  <dd>{row.bought}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
