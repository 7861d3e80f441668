ALTER TYPE "public"."notification_kind" ADD VALUE 'REFUND_REQUESTED';--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "by_buyer" boolean DEFAULT false NOT NULL;