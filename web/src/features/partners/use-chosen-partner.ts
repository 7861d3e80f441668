import type { TPartnerOption } from '#contract/partners';
import { useSearchParams } from '@/lib/router/router';

const PARTNER_PARAM = 'partnerId';

/**
 * The partner a screen shows, kept in the address (`?partnerId=`) so a link can open it: the one
 * named there if the caller may see it, else the first of the list.
 */
export function useChosenPartner(options: readonly TPartnerOption[] | undefined) {
  const [searchParams, setSearchParams] = useSearchParams();
  const named = Number(searchParams.get(PARTNER_PARAM));
  const chosen = options?.find(({ id }) => id === named) ?? options?.[0];
  const choose = (partnerId: number) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(PARTNER_PARAM, String(partnerId));
        return next;
      },
      { replace: true },
    );
  return { chosen, choose };
}
