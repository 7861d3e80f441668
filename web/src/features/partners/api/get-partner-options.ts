import { queryOptions, useQuery } from '@tanstack/react-query';
import { compareRu } from '#contract/collation';
import { type TPartnerOption, ZPartnerOptionsResponse } from '#contract/partners';
import { api } from '@/lib/api';
import { isRefusal } from '@/lib/api-client';
import { partnerKeys } from '@/lib/query-keys';

/** SPEC §4: the add-coupon dropdown asks again every 3 s until the list arrives. */
const PARTNER_OPTIONS_RETRY_MS = 3000;

const byNameThenRegion = (a: TPartnerOption, b: TPartnerOption) =>
  compareRu(a.companyName, b.companyName) || compareRu(a.region, b.region);

/** The companies the caller may request coupons for: a partner their own, an admin all. */
export const getPartnerOptions = async () =>
  (await api.get('/api/partners', ZPartnerOptionsResponse))
    .filter((partner) => partner.companyName.trim() !== '')
    .sort(byNameThenRegion);

export const getPartnerOptionsQueryOptions = () =>
  queryOptions({
    queryKey: partnerKeys.options,
    queryFn: getPartnerOptions,
    retry: false,
    refetchInterval: (query) => (query.state.status === 'success' ? false : PARTNER_OPTIONS_RETRY_MS),
    // A refusal will not pass by asking again: the screen's RoleGate shows it alone.
    throwOnError: isRefusal,
  });

export const usePartnerOptions = () => useQuery(getPartnerOptionsQueryOptions());
