import { useState } from 'react';
import { Header } from '@/components/layout/header';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { Stack } from '@/components/ui/stack';
import {
  type PurchaseFilters as Filters,
  useAdminPurchases,
} from '@/features/admin-purchases/api/get-admin-purchases';
import { usePartnerOptions } from '@/features/partners/api/get-partner-options';
import { RoleGate } from '@/features/session/components/role-gate';
import { isAdmin } from '@/features/session/user-state';
import { errorMessage } from '@/lib/api-client';
import { Page } from '@/telegram/page';
import { PurchaseCard } from './purchase-card';
import { PurchaseFilters } from './purchase-filters';
import './purchases-page.css';
import { texts } from './texts';

/** Purchases, in the back office: every purchase, newest first, filtered and searched; an admin refunds or voids one. */
export function PurchasesPage() {
  return (
    <Page>
      <Header title={texts.title} />
      <Stack>
        <RoleGate allows={isAdmin} refusal={texts.adminsOnly}>
          <Purchases />
        </RoleGate>
      </Stack>
    </Page>
  );
}

function Purchases() {
  const [filters, setFilters] = useState<Filters>({});
  const [openId, setOpenId] = useState<string | null>(null);
  const partners = usePartnerOptions();
  const purchases = useAdminPurchases(filters);
  const items = purchases.data?.pages.flatMap((page) => page.items);

  return (
    <>
      <PurchaseFilters filters={filters} partners={partners.data ?? []} onChange={setFilters} />
      {purchases.isError && !items ? (
        <Notice tone="error">{errorMessage(purchases.error)}</Notice>
      ) : !items ? (
        <p className="purchases__state">
          <Spinner label={texts.loading} />
        </p>
      ) : items.length === 0 ? (
        <p className="purchases__state">{texts.empty}</p>
      ) : (
        <div className="purchases__list">
          {items.map((purchase) => (
            <PurchaseCard
              key={purchase.id}
              purchase={purchase}
              open={purchase.id === openId}
              onToggle={() => setOpenId(purchase.id === openId ? null : purchase.id)}
            />
          ))}
        </div>
      )}
      {purchases.isFetchNextPageError && <Notice tone="error">{errorMessage(purchases.error)}</Notice>}
      {purchases.hasNextPage && (
        <Button
          busy={purchases.isFetchingNextPage && texts.loading}
          variant="secondary"
          onClick={() => void purchases.fetchNextPage()}
        >
          {texts.more}
        </Button>
      )}
    </>
  );
}
