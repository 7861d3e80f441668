import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { coupons, partners, payments, users } from '../../db/schema.ts';
import type { ReceiptFacts } from '../../payments/receipts.ts';

/**
 * What a later receipt of a payment says (its refund's, its «зачет предоплаты»): what the sale's
 * receipt said, for `amountRub`, to the e-mail of the one who paid; undefined without an e-mail.
 */
export async function receiptFactsOfPayment(
  db: Pick<Db, 'select'>,
  paymentId: string,
  amountRub: number,
): Promise<ReceiptFacts | undefined> {
  const [facts] = await db
    .select({
      email: users.email,
      companyName: partners.companyName,
      phone: partners.phone,
      inn: partners.inn,
      discount: coupons.discount,
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .innerJoin(coupons, eq(coupons.id, payments.couponId))
    .innerJoin(partners, eq(partners.id, coupons.partnerId))
    .where(eq(payments.id, paymentId));
  if (!facts?.email) return undefined;
  return {
    email: facts.email,
    companyName: facts.companyName,
    discount: facts.discount,
    amountRub,
    supplier: { name: facts.companyName, phone: facts.phone, inn: facts.inn },
  };
}
