import { type FormEvent, useState } from 'react';
import { type TPurchaseFilter, ZPurchaseFilter } from '#contract/back-office-purchases';
import type { TPartnerOption } from '#contract/partners';
import { usernameOf, usernameProblem } from '#contract/usernames';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import type { PurchaseFilters as Filters } from '@/features/admin-purchases/api/get-admin-purchases';
import { texts } from './texts';

const ALL = 'all';

const statusOptions = [
  { value: ALL, label: texts.allStatuses },
  ...ZPurchaseFilter.options.map((status) => ({ value: status, label: texts.filters[status] })),
];

type PurchaseFiltersProps = {
  filters: Filters;
  partners: readonly TPartnerOption[];
  onChange: (filters: Filters) => void;
};

/** Status, partner and days apply at once; the buyer search when it is sent, not at every letter. */
export function PurchaseFilters({ filters, partners, onChange }: PurchaseFiltersProps) {
  const [typed, setTyped] = useState(filters.q ?? '');
  const [searchError, setSearchError] = useState<string>();
  const set = (change: Filters) => onChange({ ...filters, ...change });

  function search(event: FormEvent) {
    event.preventDefault();
    // The one username rule: a pasted link or «@name» is the name; a piece of one is enough.
    const name = usernameOf(typed);
    const problem = name === '' ? undefined : usernameProblem(name, { partial: true });
    setSearchError(problem);
    if (problem === undefined) set({ q: name || undefined });
  }

  return (
    <div className="purchase-filters">
      <SelectField
        label={texts.status}
        options={statusOptions}
        value={filters.status ?? ALL}
        onValueChange={(value) => set({ status: value === ALL ? undefined : (value as TPurchaseFilter) })}
      />
      <SelectField
        label={texts.partner}
        options={[
          { value: ALL, label: texts.allPartners },
          ...partners.map(({ id, companyName, region }) => ({
            value: String(id),
            label: `${companyName} · ${region}`,
          })),
        ]}
        value={filters.partnerId === undefined ? ALL : String(filters.partnerId)}
        onValueChange={(value) => set({ partnerId: value === ALL ? undefined : Number(value) })}
      />
      <div className="purchase-filters__days">
        <TextField
          label={texts.from}
          type="date"
          value={filters.from ?? ''}
          onChange={(event) => set({ from: event.target.value || undefined })}
        />
        <TextField
          label={texts.to}
          type="date"
          value={filters.to ?? ''}
          onChange={(event) => set({ to: event.target.value || undefined })}
        />
      </div>
      <form className="purchase-filters__search" onSubmit={search}>
        <TextField
          label={texts.buyer}
          placeholder={texts.buyerPlaceholder}
          autoCapitalize="none"
          autoComplete="off"
          spellCheck={false}
          error={searchError}
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            setSearchError(undefined);
          }}
        />
        <Button type="submit" variant="secondary">
          {texts.find}
        </Button>
      </form>
    </div>
  );
}
