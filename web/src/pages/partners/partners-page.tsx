import { useState } from 'react';
import { Header } from '@/components/layout/header';
import { Loaded } from '@/components/ui/loaded';
import { Stack } from '@/components/ui/stack';
import { useAdminPartners } from '@/features/partners/api/get-admin-partners';
import { RoleGate } from '@/features/session/components/role-gate';
import { isAdmin } from '@/features/session/user-state';
import { Page } from '@/messenger/page';
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

  return (
    <Loaded query={partners} className="partners__state" empty={texts.empty}>
      {(list) => (
        <div className="partners__list">
          {list.map((partner) => (
            <PartnerCard
              key={partner.id}
              partner={partner}
              open={partner.id === openId}
              onToggle={() => setOpenId(partner.id === openId ? null : partner.id)}
            />
          ))}
        </div>
      )}
    </Loaded>
  );
}
