import { Header } from '@/components/layout/header';
import { Loaded } from '@/components/ui/loaded';
import { RowList } from '@/components/ui/row-list';
import { Stack } from '@/components/ui/stack';
import { useInviteStats } from '@/features/invites/api/get-invite-stats';
import { RoleGate } from '@/features/session/components/role-gate';
import { isAdmin } from '@/features/session/user-state';
import { useClock } from '@/hooks/use-clock';
import { Page } from '@/messenger/page';
import './invites-page.css';
import { texts } from './texts';

/** Invitations: per member, who came through their link (named) and who of them bought, for admins. */
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
  const clock = useClock();
  return (
    <Loaded query={stats} className="state-line">
      {(rows) => (
        <>
          <p className="invites__lead">{texts.lead}</p>
          {rows.length === 0 ? (
            <p className="state-line">{texts.empty}</p>
          ) : (
            <RowList className="invites__rows">
              {rows.map((row) => (
                <li key={row.inviter} className="invites__row">
                  <div className="invites__head">
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
                  </div>
                  <ul className="invites__people" aria-label={texts.invitedBy(row.inviter)}>
                    {row.invitees.map((person) => (
                      <li key={`${person.name}-${person.invitedAt}`} className="invites__person">
                        <span className="invites__person-name">{person.name}</span>
                        <span className="invites__person-meta">
                          {texts.cameOn(clock.date(person.invitedAt))}
                          {!person.came && ` · ${texts.notInChatMark}`}
                          {person.bought && ` · ${texts.boughtMark}`}
                        </span>
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </RowList>
          )}
        </>
      )}
    </Loaded>
  );
}
