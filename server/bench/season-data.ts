/**
 * A busy season in a stopped server's PGlite (DATA_DIR), for the reports' bench: partners with
 * offers, and coupons bought, used, refunded and expiring over the last 400 days, with their audit
 * rows. Written straight into the tables with the triggers off: the server is to read a season,
 * not send its messages. Run in a process of its own between two starts of the server.
 * Prints what it wrote as JSON.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.ts';
import { SEASON_ADMINS, type SeasonData } from './reports-bench.ts';

const PARTNERS = 40;
const OFFERS_PER_PARTNER = 3;
const PURCHASES = 30_000;
const BUYERS = 3_000;
const DAYS = 400;

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR names the stopped server’s data folder');
const database = await openDatabase({ dataDir });
const { db } = database;
await db.transaction(async (tx) => {
  await tx.execute(sql`SET LOCAL session_replication_role = replica`);
  await tx.execute(sql`
    INSERT INTO users (id, username, first_name)
    SELECT 800000000 + n, 'season_' || n, 'Покупатель ' || n FROM generate_series(1, ${BUYERS + PARTNERS}) n`);
  await tx.execute(sql`
    INSERT INTO users (id, username, first_name, is_admin)
    SELECT id, 'season_admin_' || id, 'Админ', true FROM unnest(${sql.raw(`ARRAY[${SEASON_ADMINS.join(',')}]`)}::bigint[]) id`);
  await tx.execute(sql`
    INSERT INTO partners (company_name, region, partner_type, phone, address, email, spokesman_username,
      spokesman_user_id)
    SELECT 'Партнер сезона ' || n, 'Регион ' || (n % 7), 'ШКОЛА', '79990000000', 'Адрес ' || n,
      'season' || n || '@example.ru', 'season_' || (${BUYERS} + n), 800000000 + ${BUYERS} + n
    FROM generate_series(1, ${PARTNERS}) n`);
  await tx.execute(sql`
    INSERT INTO coupons (partner_id, price, discount, status, valid_days)
    SELECT p.id, 100 * k, 1000 * k, 'ACCEPTED', 60
    FROM partners p CROSS JOIN generate_series(1, ${OFFERS_PER_PARTNER}) k
    WHERE p.company_name LIKE 'Партнер сезона %'`);
  await tx.execute(sql`
    CREATE TEMP TABLE season_purchases ON COMMIT DROP AS
    SELECT n, gen_random_uuid() AS payment_id, gen_random_uuid() AS coupon_row_id,
      (SELECT id FROM coupons WHERE partner_id IN (SELECT id FROM partners WHERE company_name LIKE 'Партнер сезона %')
        ORDER BY id OFFSET (n % ${PARTNERS * OFFERS_PER_PARTNER}) LIMIT 1) AS coupon_id,
      800000001 + (n % ${BUYERS}) AS buyer,
      now() - make_interval(secs => (n::float / ${PURCHASES}) * ${DAYS} * 86400) AS bought_at
    FROM generate_series(1, ${PURCHASES}) n`);
  await tx.execute(sql`
    INSERT INTO payments (id, coupon_id, user_id, provider, amount, status, created_at, updated_at)
    SELECT s.payment_id, s.coupon_id, s.buyer, 'sandbox', c.price, 'SUCCEEDED', s.bought_at, s.bought_at
    FROM season_purchases s JOIN coupons c ON c.id = s.coupon_id`);
  // Of ten coupons: six used a week after purchase, one refunded, the rest unused until expiry.
  await tx.execute(sql`
    INSERT INTO purchased_coupons (id, coupon_id, payment_id, owner_id, status, qr_token, verified,
      purchased_at, redeemed_at, redeemed_by, refunded_at, expires_at)
    SELECT s.coupon_row_id, s.coupon_id, s.payment_id, s.buyer,
      (CASE WHEN s.n % 10 < 6 THEN 'USED' WHEN s.n % 10 = 6 THEN 'REFUNDED' ELSE 'NOT_USED' END)::purchased_coupon_status,
      'season-' || s.n, true, s.bought_at,
      CASE WHEN s.n % 10 < 6 THEN s.bought_at + interval '7 days' END,
      CASE WHEN s.n % 10 < 6 THEN p.spokesman_user_id END,
      CASE WHEN s.n % 10 = 6 THEN s.bought_at + interval '2 days' END,
      s.bought_at + interval '60 days'
    FROM season_purchases s JOIN coupons c ON c.id = s.coupon_id JOIN partners p ON p.id = c.partner_id`);
  await tx.execute(sql`
    INSERT INTO audit_events (at, kind, actor_id, subject, details)
    SELECT s.bought_at, 'coupon.issued', NULL, 'purchase:' || s.coupon_row_id, '{}'::jsonb FROM season_purchases s
    UNION ALL
    SELECT s.bought_at + interval '7 days', 'coupon.redeemed', 800000000 + ${BUYERS} + 1,
      'purchase:' || s.coupon_row_id, '{}'::jsonb
    FROM season_purchases s WHERE s.n % 10 < 6`);
});
// As a database that has served a season: the planner knows the tables' sizes, and every row is
// known committed (a first read of a row fresh from a bulk load marks its page dirty, and the
// next checkpoint would write the whole season out while the bench measures).
await db.execute(sql`VACUUM ANALYZE`);
await db.execute(sql`CHECKPOINT`);
const [counts] = (
  (await db.execute(sql`SELECT
    (SELECT count(*) FROM partners)::int AS partners, (SELECT count(*) FROM coupons)::int AS offers,
    (SELECT count(*) FROM purchased_coupons)::int AS purchases,
    (SELECT count(*) FROM audit_events)::int AS "auditEvents"`)) as unknown as { rows: SeasonData[] }
).rows;
await database.close();
console.log(JSON.stringify(counts));
