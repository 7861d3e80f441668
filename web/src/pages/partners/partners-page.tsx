import { useState } from 'react';
import { Header } from '@/components/layout/header';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { Stack } from '@/components/ui/stack';
import { useAdminPartners } from '@/features/partners/api/get-admin-partners';
import { RoleGate } from '@/features/session/components/role-gate';
import { isAdmin } from '@/features/session/user-state';
import { errorMessage } from '@/lib/api-client';
import { Page } from '@/telegram/page';
import { PartnerCard } from './partner-card';
import './partners-page.css';
import { texts } from './texts';

/** Partners, in the back office: every partner, active and paused, with its offers; an admin edits, pauses and resumes. */
export function PartnersPage() {
  return (
    <Page>
      <Header title={texts.title} />
      <Stack>
        <RoleGate allows={isAdmin} refusal={texts.adminsOnly}>
          <PartnerList />
        </RoleGate>
      </Stack>
    </Page>
  );
}

function PartnerList() {
  const partners = useAdminPartners();
  const [openId, setOpenId] = useState<number | null>(null);

  if (partners.isError) return <Notice tone="error">{errorMessage(partners.error)}</Notice>;
  if (!partners.data)
    return (
      <p className="partners__state">
        <Spinner label={texts.loading} />
      </p>
    );
  if (partners.data.length === 0) return <p className="partners__state">{texts.empty}</p>;
  return (
    <div className="partners__list">
      {partners.data.map((partner) => (
        <PartnerCard
          key={partner.id}
          partner={partner}
          open={partner.id === openId}
          onToggle={() => setOpenId(partner.id === openId ? null : partner.id)}
        />
      ))}
    </div>
  );
}
