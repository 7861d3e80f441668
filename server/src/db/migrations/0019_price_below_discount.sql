-- A coupon costs the buyer less than it saves: price < discount ≤ 100 000. Offers stored
-- under the earlier, reversed rule break it. One on sale is withdrawn and one waiting for a decision
-- is refused, each with an audit event naming the reason; coupons already bought from them stay valid.
ALTER TABLE "coupons" DROP CONSTRAINT "coupons_amounts";--> statement-breakpoint
WITH "withdrawn" AS (
  UPDATE "coupons" SET "withdrawn_at" = now()
  WHERE "status" = 'ACCEPTED' AND "withdrawn_at" IS NULL AND NOT ("price" < "discount" AND "discount" <= 100000)
  RETURNING "id", "price", "discount"
)
INSERT INTO "audit_events" ("kind", "actor_id", "subject", "details")
SELECT 'offer.withdrawn', NULL, 'offer:' || "id",
  jsonb_build_object('reason', 'цена не ниже скидки', 'price', "price", 'discount', "discount")
FROM "withdrawn";--> statement-breakpoint
WITH "refused" AS (
  UPDATE "coupons" SET "status" = 'REJECTED', "decided_at" = now()
  WHERE "status" = 'PENDING' AND NOT ("price" < "discount" AND "discount" <= 100000)
  RETURNING "id", "price", "discount"
)
INSERT INTO "audit_events" ("kind", "actor_id", "subject", "details")
SELECT 'offer.rejected', NULL, 'offer:' || "id",
  jsonb_build_object('reason', 'цена не ниже скидки', 'price', "price", 'discount', "discount")
FROM "refused";--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_amounts" CHECK ("coupons"."price" > 0 AND "coupons"."discount" > 0 AND ("coupons"."price" < "coupons"."discount" AND "coupons"."discount" <= 100000 OR "coupons"."status" = 'REJECTED' OR "coupons"."withdrawn_at" IS NOT NULL));
