import { useState } from 'react';
import { auditDetailsText, auditSubjectText } from '#contract/audit-details';
import { AUDIT_KIND_TEXTS, AUDIT_KINDS, type TAuditEvent, type TAuditKind } from '#contract/reports';
import { Header } from '@/components/layout/header';
import { SelectField } from '@/components/ui/field';
import { Loaded } from '@/components/ui/loaded';
import { RowList } from '@/components/ui/row-list';
import { Section } from '@/components/ui/section';
import { Stack } from '@/components/ui/stack';
import { useAuditLog } from '@/features/reports/api/get-audit-log';
import { ExportButton } from '@/features/reports/components/export-button';
import { PeriodFields } from '@/features/reports/components/period-fields';
import { usePeriod } from '@/features/reports/use-period';
import { RoleGate } from '@/features/session/components/role-gate';
import { isAdmin } from '@/features/session/user-state';
import { useClock } from '@/hooks/use-clock';
import { Page } from '@/messenger/page';
import './audit-log-page.css';
import { texts } from './texts';

const ALL = 'all';
const kindOptions = [
  { value: ALL, label: texts.allKinds },
  ...AUDIT_KINDS.map((kind) => ({ value: kind, label: AUDIT_KIND_TEXTS[kind] })),
];

/** Audit log, in the back office: what happened in a period and who did it, of one kind or all, exported as CSV. */
export function AuditLogPage() {
  return (
    <Page>
      <Header title={texts.title} />
      <Stack>
        <RoleGate allows={isAdmin} refusal={texts.adminsOnly}>
          <AuditLog />
        </RoleGate>
      </Stack>
    </Page>
  );
}

function AuditLog() {
  const { period, setPeriod, valid, problem } = usePeriod();
  const [kind, setKind] = useState<TAuditKind>();
  const events = useAuditLog(valid && { ...valid, kind });

  return (
    <>
      <PeriodFields period={period} onChange={setPeriod} problem={problem} />
      <SelectField
        label={texts.kind}
        options={kindOptions}
        value={kind ?? ALL}
        onValueChange={(value) => setKind(value === ALL ? undefined : (value as TAuditKind))}
      />
      <ExportButton request={valid && { report: 'audit', ...valid, ...(kind && { kind }) }} />
      <Loaded query={events} className="state-line" idle={!valid}>
        {(list) => (
          <Section title={texts.events}>
            {list.length === 0 ? (
              <p className="audit-log__empty">{texts.empty}</p>
            ) : (
              <RowList className="audit-log__events" ordered>
                {list.map((event) => (
                  <AuditEventItem key={event.id} event={event} />
                ))}
              </RowList>
            )}
          </Section>
        )}
      </Loaded>
    </>
  );
}

function AuditEventItem({ event }: { event: TAuditEvent }) {
  const clock = useClock();
  const details = auditDetailsText(event.details, clock.timeZone);
  return (
    <li className="audit-log__event">
      <span className="audit-log__kind">{AUDIT_KIND_TEXTS[event.kind]}</span>
      <span className="audit-log__meta">
        {event.actor ?? texts.system} · {clock.dateTime(event.at)}
      </span>
      <span className="audit-log__subject">{auditSubjectText(event)}</span>
      {details && <span className="audit-log__details">{details}</span>}
    </li>
  );
}
