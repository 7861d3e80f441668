import type { QueryClient } from '@tanstack/react-query';
import type { TMyCoupon } from '#contract/purchases';
import type { EarlyAnswer } from '@/early/early-types';
import type { Versioned } from '@/lib/api-client';
import { myCouponsKeys } from '@/lib/query-keys';
import { myCouponsCheck } from './my-coupons-check';

/** The early script's answer for `username` (web/src/early), taken once: later asks go as usual. */
function takeEarlyAnswer(username: string): Promise<EarlyAnswer> | undefined {
  const early = window.__earlyMyQr;
  if (!early || early.username !== username) return undefined;
  window.__earlyMyQr = undefined;
  return early.answer;
}

/**
 * The list the early script asked for at launch, checked against the contract as any answer is,
 * its QR images handed to their queries; undefined when there is none or it did not come, and the
 * list is then asked for the usual way.
 */
export async function earlyMyCoupons(
  client: QueryClient,
  username: string,
): Promise<Versioned<TMyCoupon[]> | undefined> {
  const early = takeEarlyAnswer(username);
  if (!early) return undefined;
  try {
    const { body, etag, images } = await early;
    const parsed = myCouponsCheck.safeParse(body);
    if (!parsed.success) return undefined;
    for (const [url, image] of Object.entries(images))
      void client.prefetchQuery({ queryKey: myCouponsKeys.qrImage(url), queryFn: () => image });
    return { data: parsed.data, etag: etag ?? undefined };
  } catch {
    return undefined;
  }
}
