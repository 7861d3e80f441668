-- A coupon's QR photo goes to its holder's chat in the messenger they came from, by the id that
-- messenger knows them by (messenger_identities), as every other bot message does: 0020 wrote the
-- users row's id into a Telegram chat, which for a person from MAX is nobody's chat. A caption's
-- edit goes where its photo went.
CREATE OR REPLACE FUNCTION queue_coupon_qr_messages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'NOT_USED' AND (TG_OP = 'INSERT' OR OLD.qr_token IS DISTINCT FROM NEW.qr_token) THEN
    INSERT INTO notifications (kind, event_key, messenger, chat_id, text)
    SELECT 'COUPON_QR', NEW.qr_token, users.messenger, identity.external_id::bigint, '' FROM users
      JOIN messenger_identities identity
        ON identity.user_id = users.id AND identity.messenger = users.messenger
     WHERE users.id = NEW.owner_id AND users.qr_photos_in_chat
    ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    -- Every photo of the coupon's QRs, this one's and earlier ones' (a gift canceled makes «you
    -- gave it away» untrue); the worker edits only a caption whose words change. Captions are sent
    -- even to someone who turned new photos off: a photo already in their chat must not go on
    -- saying that a dead QR is valid.
    INSERT INTO notifications (kind, event_key, messenger, chat_id, text, caption_of)
    SELECT 'COUPON_QR_CAPTION', photo.id || ':' || pg_current_xact_id(), photo.messenger, photo.chat_id, '', photo.id
      FROM notifications photo
     WHERE photo.kind = 'COUPON_QR' AND photo.failed_at IS NULL
       AND photo.event_key IN (SELECT OLD.qr_token UNION ALL
                               SELECT qr_token FROM retired_qr_tokens WHERE purchased_coupon_id = OLD.id)
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
