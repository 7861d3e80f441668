ALTER TYPE "public"."notification_kind" ADD VALUE 'COUPON_QR';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'COUPON_QR_CAPTION';--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "message_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "caption_of" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "qr_photos_in_chat" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_caption_of_notifications_id_fk" FOREIGN KEY ("caption_of") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_chat_pending_idx" ON "notifications" USING btree ("chat_id","id") WHERE "notifications"."sent_at" IS NULL AND "notifications"."failed_at" IS NULL;--> statement-breakpoint
-- The QR kept in the chat: whatever module or process changes a coupon, in the transaction of the
-- change, the holder of a new QR gets it as a photo (once per holder and token: the unique key), and
-- the photo of a QR that changed gets its caption brought up to date. The outbox worker draws the
-- photo and words the caption when it sends, from the coupon as it is then.
CREATE FUNCTION queue_coupon_qr_messages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'NOT_USED' AND (TG_OP = 'INSERT' OR OLD.qr_token IS DISTINCT FROM NEW.qr_token) THEN
    INSERT INTO notifications (kind, event_key, chat_id, text)
    SELECT 'COUPON_QR', NEW.qr_token, users.id, '' FROM users
     WHERE users.id = NEW.owner_id AND users.qr_photos_in_chat
    ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    -- Every photo of the coupon's QRs, this one's and earlier ones' (a gift canceled makes «you
    -- gave it away» untrue); the worker edits only a caption whose words change. Captions are sent
    -- even to someone who turned new photos off: a photo already in their chat must not go on
    -- saying that a dead QR is valid.
    INSERT INTO notifications (kind, event_key, chat_id, text, caption_of)
    SELECT 'COUPON_QR_CAPTION', photo.id || ':' || pg_current_xact_id(), photo.chat_id, '', photo.id
      FROM notifications photo
     WHERE photo.kind = 'COUPON_QR' AND photo.failed_at IS NULL
       AND photo.event_key IN (SELECT OLD.qr_token UNION ALL
                               SELECT qr_token FROM retired_qr_tokens WHERE purchased_coupon_id = OLD.id)
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER purchased_coupons_qr_photo_issued
AFTER INSERT ON purchased_coupons
FOR EACH ROW EXECUTE FUNCTION queue_coupon_qr_messages();
--> statement-breakpoint
-- What a QR is worth to its holder: its token, the coupon's status, a refund under way, its expiry.
CREATE TRIGGER purchased_coupons_qr_photo_changed
AFTER UPDATE OF qr_token, status, refund_requested_at, expires_at, expiry_recorded_at ON purchased_coupons
FOR EACH ROW
WHEN ((OLD.qr_token, OLD.status, OLD.refund_requested_at, OLD.expires_at, OLD.expiry_recorded_at)
  IS DISTINCT FROM (NEW.qr_token, NEW.status, NEW.refund_requested_at, NEW.expires_at, NEW.expiry_recorded_at))
EXECUTE FUNCTION queue_coupon_qr_messages();
