CREATE TYPE "public"."notification_undelivered" AS ENUM('REFUSED', 'UNANSWERED');--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "undelivered" "notification_undelivered";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "resent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "notifications_undelivered_idx" ON "notifications" USING btree ("failed_at") WHERE "notifications"."undelivered" IS NOT NULL;--> statement-breakpoint
-- Messages given up before this column: Telegram's own refusals (400, 403) apart from the rest; rows
-- ended for want of anything to send (their reasons are the worker's own words) stay unmarked.
UPDATE "notifications" SET "undelivered" = CASE
    WHEN "last_error" ~ '\((400|403):' THEN 'REFUSED'::"notification_undelivered"
    ELSE 'UNANSWERED'::"notification_undelivered" END
  WHERE "failed_at" IS NOT NULL AND "sent_at" IS NULL
    AND "last_error" NOT IN ('the QR stopped working before its photo was sent', 'no photo in the chat to edit', 'the holder has deleted the photo');
