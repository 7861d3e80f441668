import { useState } from 'react';
import { Header } from '@/components/layout/header';
import { Button } from '@/components/ui/button';
import { Loaded } from '@/components/ui/loaded';
import { Notice } from '@/components/ui/notice';
import { Stack } from '@/components/ui/stack';
import {
  type PurchaseFilters as Filters,
  useAdminPurchases,
} from '@/features/admin-purchases/api/get-admin-purchases';
import { usePartnerOptions } from '@/features/partners/api/get-partner-options';
import { RoleGate } from '@/features/session/components/role-gate';
import { isAdmin } from '@/features/session/user-state';
import { errorMessage } from '@/lib/api-client';
import { Page } from '@/messenger/page';
import type { PurchaseOutcome } from './purchase-actions';
import { PurchaseCard } from './purchase-card';
import { PurchaseFilters } from './purchase-filters';
import './purchases-page.css';
import { uiTexts } from '@/components/ui/texts';
import { texts } from './texts';
import { UnsoldRefunds } from './unsold-refunds';

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
  // A refund or a void is told at the top, naming the purchase: under a status filter its card
  // leaves the list as it reloads, and the result with it were it told in the card.
  const [outcome, setOutcome] = useState<PurchaseOutcome>();
  const partners = usePartnerOptions();
  const purchases = useAdminPurchases(filters);
  const items = purchases.data?.pages.flatMap((page) => page.items);

  return (
    <>
      {outcome && (
        <Notice tone={outcome.tone} detail={outcome.detail}>
          {outcome.text}
        </Notice>
      )}
      <UnsoldRefunds />
      <PurchaseFilters
        filters={filters}
        partners={partners.data ?? []}
        onChange={(next) => {
          setOutcome(undefined);
          setFilters(next);
        }}
      />
      <Loaded
        // A later page that fails is told below the list; the list stays.
        query={{
          data: items,
          isError: purchases.isError && !items,
          error: purchases.error,
          refetch: purchases.refetch,
        }}
        className="state-line"
        empty={texts.empty}
      >
        {(list) => (
          <div className="purchases__list">
            {list.map((purchase) => (
              <PurchaseCard
                key={purchase.id}
                purchase={purchase}
                open={purchase.id === openId}
                onToggle={() => setOpenId(purchase.id === openId ? null : purchase.id)}
                onOutcome={setOutcome}
              />
            ))}
          </div>
        )}
      </Loaded>
      {purchases.isFetchNextPageError && <Notice tone="error">{errorMessage(purchases.error)}</Notice>}
      {purchases.hasNextPage && (
        <Button
          busy={purchases.isFetchingNextPage && uiTexts.loading}
          variant="secondary"
          onClick={() => void purchases.fetchNextPage()}
        >
          {texts.more}
        </Button>
      )}
    </>
  );
}
