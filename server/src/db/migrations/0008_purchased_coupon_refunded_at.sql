ALTER TABLE "purchased_coupons" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
-- Coupons refunded before this column existed were refunded unused (REFUNDED); mark them so.
-- Compared as text: the enum value is new in this same migration run (0004) on a fresh database.
UPDATE "purchased_coupons" SET "refunded_at" = now() WHERE "status"::text = 'REFUNDED';
