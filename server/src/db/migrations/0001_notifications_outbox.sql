CREATE TYPE "public"."notification_kind" AS ENUM('GIFT_RECEIVED', 'COUPON_REDEEMED', 'COUPON_REQUESTED', 'REQUEST_DECIDED', 'PURCHASE_CONFIRMED');--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" "notification_kind" NOT NULL,
	"event_key" text NOT NULL,
	"chat_id" bigint NOT NULL,
	"text" text NOT NULL,
	"reply_markup" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_event_key" ON "notifications" USING btree ("kind","event_key","chat_id");--> statement-breakpoint
CREATE INDEX "notifications_due_idx" ON "notifications" USING btree ("next_attempt_at") WHERE "notifications"."sent_at" IS NULL AND "notifications"."failed_at" IS NULL;