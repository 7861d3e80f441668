import { z } from 'zod';
import { createPersistedStore, usePersistedValue } from '@/lib/local-storage';

/** SPEC §3 Bad-payment flag: set by the payment check's «Нет», read by the buy screen. */
const ZBadPaymentFlag = z.object({ flag: z.boolean(), text: z.string() });
export type TBadPaymentFlag = z.infer<typeof ZBadPaymentFlag>;

const NO_BAD_PAYMENT: TBadPaymentFlag = { flag: false, text: '' };

const badPaymentStore = createPersistedStore(
  'katajsya.badPayment',
  (value) => ZBadPaymentFlag.safeParse(value).data,
  NO_BAD_PAYMENT,
);

export function useBadPaymentFlag() {
  return {
    badPayment: usePersistedValue(badPaymentStore),
    setBadPayment: (text: string) => badPaymentStore.set({ flag: true, text }),
    clearBadPayment: () => badPaymentStore.set(NO_BAD_PAYMENT),
  };
}
