CREATE TYPE "public"."gift_status" AS ENUM('SENT', 'HELD', 'CLAIMED', 'CANCELED', 'RETURNED');--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'GIFT_CLAIMED';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'GIFT_RETURNED';--> statement-breakpoint
ALTER TYPE "public"."purchased_coupon_status" ADD VALUE 'HELD';--> statement-breakpoint
ALTER TABLE "gifts" ALTER COLUMN "to_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "to_username" text;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "status" "gift_status" DEFAULT 'SENT' NOT NULL;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "gifts_held_username_idx" ON "gifts" USING btree (lower("to_username")) WHERE "gifts"."status" = 'HELD';