CREATE TYPE "public"."closing_receipt_status" AS ENUM('PENDING', 'SENT', 'FAILED');--> statement-breakpoint
CREATE TYPE "public"."notification_purpose" AS ENUM('service', 'offer');--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'REFUND_REQUESTED';--> statement-breakpoint
CREATE TABLE "closing_receipts" (
	"purchased_coupon_id" uuid PRIMARY KEY NOT NULL,
	"status" "closing_receipt_status" DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"provider_receipt_id" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "purpose" "notification_purpose" DEFAULT 'service' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "by_buyer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "partner_offers_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "closing_receipts" ADD CONSTRAINT "closing_receipts_purchased_coupon_id_purchased_coupons_id_fk" FOREIGN KEY ("purchased_coupon_id") REFERENCES "public"."purchased_coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "closing_receipts_due_idx" ON "closing_receipts" USING btree ("next_attempt_at") WHERE "closing_receipts"."status" = 'PENDING';
--> statement-breakpoint
-- An offer (advertising, 38-ФЗ art. 18) never enters the outbox for someone who has not agreed to
-- partners' offers, whatever code writes it: the row is dropped here. The worker checks again at
-- sending, for a consent taken back meanwhile.
CREATE FUNCTION drop_offer_without_consent() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.purpose = 'offer' AND NOT EXISTS (
    SELECT 1 FROM users WHERE users.id = NEW.chat_id AND users.partner_offers_at IS NOT NULL
  ) THEN
    RETURN NULL;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER notifications_offer_needs_consent
BEFORE INSERT OR UPDATE OF purpose ON notifications
FOR EACH ROW EXECUTE FUNCTION drop_offer_without_consent();
