import { Header } from '@/components/layout/header';
import { Stack } from '@/components/ui/stack';
import { useAddPartner } from '@/features/partners/api/add-partner';
import { PartnerForm } from '@/features/partners/components/partner-form';
import { RoleGate } from '@/features/session/components/role-gate';
import { isAdmin } from '@/features/session/user-state';
import { Page } from '@/messenger/page';
import { texts } from './texts';

/** Add partner (SPEC §2 Add partner): an admin registers a company and its spokesman. */
export function AddPartnerPage() {
  return (
    <Page>
      <Header title={texts.title} />
      <Stack>
        <RoleGate allows={isAdmin} refusal={texts.adminsOnly}>
          <AddPartnerForm />
        </RoleGate>
      </Stack>
    </Page>
  );
}

function AddPartnerForm() {
  const addPartner = useAddPartner();
  return <PartnerForm save={addPartner.mutateAsync} />;
}
