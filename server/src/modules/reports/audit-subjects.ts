import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { formatRubles } from '#contract/coupon-terms';
import type { Db } from '../../db/client.ts';
import {
  coupons,
  messengerIdentities,
  notifications,
  partners,
  payments,
  purchasedCoupons,
  users,
} from '../../db/schema.ts';
import { joinPurchasedCoupon } from '../purchased-coupons/purchased-coupons.query.ts';
import { displayName } from '../users/display-name.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The ids of one type among `subjects` (`<type>:<id>`, as subjectOf writes them). */
function idsOf(subjects: readonly string[], type: string): string[] {
  const prefix = `${type}:`;
  return [
    ...new Set(subjects.filter((subject) => subject.startsWith(prefix)).map((s) => s.slice(prefix.length))),
  ];
}

const offerName = (row: { companyName: string; discount: number; price: number }) =>
  `${row.companyName}: скидка ${formatRubles(row.discount)} за ${formatRubles(row.price)}`;

const boughtName = (row: Parameters<typeof offerName>[0] & { username: string | null; firstName: string }) =>
  `${offerName(row)}, покупатель ${displayName(row)}`;

/** The people audit details name by id (`ownerId`, `toUserId`), named as the back office names them. */
const PERSON_KEYS: Record<string, string> = { ownerId: 'owner', toUserId: 'toUser' };

/** The things audit details name by id, with the subject type that names each as the subject line does. */
const SUBJECT_KEYS: Record<string, { named: string; type: 'offer' | 'partner' | 'purchase' }> = {
  offerId: { named: 'offer', type: 'offer' },
  partnerId: { named: 'partner', type: 'partner' },
  purchasedCouponId: { named: 'purchase', type: 'purchase' },
};

/** The subjects (`offer:2`) the details of events name by id, for nameAuditSubjects to name with the rest. */
export const subjectsInDetails = (details: readonly Record<string, unknown>[]): string[] =>
  details.flatMap((entry) =>
    Object.entries(SUBJECT_KEYS)
      .filter(([key]) => typeof entry[key] === 'number' || typeof entry[key] === 'string')
      .map(([key, { type }]) => `${type}:${entry[key]}`),
  );

/**
 * Each event's details with the people in them named («owner: @buyer») and the offer, partner or
 * purchase named as `subjectNames` names subjects («offer: Порог: скидка 500 руб за 150 руб»),
 * instead of their ids; an id whose row is gone stays as it is.
 */
export async function nameDetails(
  db: Db,
  details: readonly Record<string, unknown>[],
  subjectNames: ReadonlyMap<string, string>,
): Promise<Record<string, unknown>[]> {
  const ids = [
    ...new Set(
      details.flatMap((entry) =>
        Object.keys(PERSON_KEYS)
          .map((key) => entry[key])
          .filter((id): id is number => typeof id === 'number' && Number.isSafeInteger(id)),
      ),
    ),
  ];
  const people =
    ids.length === 0
      ? []
      : await db
          .select({ id: users.id, username: users.username, firstName: users.firstName })
          .from(users)
          .where(inArray(users.id, ids));
  const names = new Map(people.map((person) => [person.id, displayName(person)]));
  return details.map((entry) =>
    Object.fromEntries(
      Object.entries(entry).map(([key, value]) => {
        const person = PERSON_KEYS[key] && typeof value === 'number' ? names.get(value) : undefined;
        if (person) return [PERSON_KEYS[key], person];
        const thing = SUBJECT_KEYS[key];
        const named = thing && subjectNames.get(`${thing.type}:${value}`);
        return named ? [thing.named, named] : [key, value];
      }),
    ),
  );
}

/** Who paid: a payment's user, who stays a purchase's buyer after the coupon is gifted on. */
const buyers = alias(users, 'buyers');

/**
 * What each audit subject is, in words an admin recognises: the partner's name; the offer's
 * partner, discount and price; a purchase's or payment's offer and the buyer who paid (not the
 * friend a gift made its owner); a bot message's addressee. A subject whose row is gone (a partner
 * erased) has no name.
 */
export async function nameAuditSubjects(db: Db, subjects: readonly string[]): Promise<Map<string, string>> {
  const partnerIds = idsOf(subjects, 'partner').map(Number).filter(Number.isSafeInteger);
  const offerIds = idsOf(subjects, 'offer').map(Number).filter(Number.isSafeInteger);
  const purchaseIds = idsOf(subjects, 'purchase').filter((id) => UUID.test(id));
  const paymentIds = idsOf(subjects, 'payment').filter((id) => UUID.test(id));
  const notificationIds = idsOf(subjects, 'notification').map(Number).filter(Number.isSafeInteger);
  const offerColumns = {
    companyName: partners.companyName,
    discount: coupons.discount,
    price: coupons.price,
  };

  const [partnerRows, offerRows, purchaseRows, paymentRows, notificationRows] = await Promise.all([
    partnerIds.length === 0
      ? []
      : db
          .select({ id: partners.id, companyName: partners.companyName })
          .from(partners)
          .where(inArray(partners.id, partnerIds)),
    offerIds.length === 0
      ? []
      : db
          .select({ id: coupons.id, ...offerColumns })
          .from(coupons)
          .innerJoin(partners, eq(partners.id, coupons.partnerId))
          .where(inArray(coupons.id, offerIds)),
    purchaseIds.length === 0
      ? []
      : joinPurchasedCoupon(
          db
            .select({
              id: purchasedCoupons.id,
              ...offerColumns,
              username: buyers.username,
              firstName: buyers.firstName,
            })
            .from(purchasedCoupons)
            .$dynamic(),
        )
          .innerJoin(buyers, eq(buyers.id, payments.userId))
          .where(inArray(purchasedCoupons.id, purchaseIds)),
    paymentIds.length === 0
      ? []
      : db
          .select({ id: payments.id, ...offerColumns, username: users.username, firstName: users.firstName })
          .from(payments)
          .innerJoin(coupons, eq(coupons.id, payments.couponId))
          .innerJoin(partners, eq(partners.id, coupons.partnerId))
          .innerJoin(users, eq(users.id, payments.userId))
          .where(inArray(payments.id, paymentIds)),
    notificationIds.length === 0
      ? []
      : db
          .select({ id: notifications.id, username: users.username, firstName: users.firstName })
          .from(notifications)
          .innerJoin(
            messengerIdentities,
            and(
              eq(messengerIdentities.messenger, notifications.messenger),
              eq(messengerIdentities.externalId, sql`${notifications.chatId}::text`),
            ),
          )
          .innerJoin(users, eq(users.id, messengerIdentities.userId))
          .where(inArray(notifications.id, notificationIds)),
  ]);

  return new Map([
    ...partnerRows.map((row) => [`partner:${row.id}`, row.companyName] as const),
    ...offerRows.map((row) => [`offer:${row.id}`, offerName(row)] as const),
    ...purchaseRows.map((row) => [`purchase:${row.id}`, boughtName(row)] as const),
    ...paymentRows.map((row) => [`payment:${row.id}`, boughtName(row)] as const),
    ...notificationRows.map((row) => [`notification:${row.id}`, `для ${displayName(row)}`] as const),
  ]);
}
