ALTER TYPE "public"."notification_kind" ADD VALUE 'UNSOLD_REFUND_ASKED';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'UNSOLD_REFUND_SETTLED';--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "purchased_coupon_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_charge_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_unsold_key" ON "refunds" USING btree ("payment_id") WHERE "refunds"."purchased_coupon_id" IS NULL;