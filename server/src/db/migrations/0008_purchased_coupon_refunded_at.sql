ALTER TABLE "purchased_coupons" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
-- Coupons refunded before this column existed were refunded unused (REFUNDED); mark them so.
UPDATE "purchased_coupons" SET "refunded_at" = now() WHERE "status" = 'REFUNDED';
