CREATE TYPE "public"."notification_purpose" AS ENUM('service', 'offer');--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "purpose" "notification_purpose" DEFAULT 'service' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "partner_offers_at" timestamp with time zone;--> statement-breakpoint
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
