-- My QR's version (users.coupons_version): raised in the transaction of any change of what the
-- list shows (a coupon issued, redeemed, undone, refunded, gifted), for the owners before and after,
-- by whatever module or process made it. A poll compares one row instead of the list; the channel
-- tells a process that keeps versions in memory (PGlite's one process) to forget the owners'.
CREATE FUNCTION raise_coupons_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users SET coupons_version = coupons_version + 1
   WHERE id IN (
     CASE WHEN TG_OP = 'INSERT' THEN NEW.owner_id ELSE OLD.owner_id END,
     CASE WHEN TG_OP = 'DELETE' THEN OLD.owner_id ELSE NEW.owner_id END
   );
  PERFORM pg_notify(
    'my_coupons_changed',
    concat_ws(',',
      CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE OLD.owner_id END,
      CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE NEW.owner_id END)
  );
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The columns My QR reads from the row; the QR image kept beside the token (qr_png) is not one.
CREATE TRIGGER purchased_coupons_my_qr_version
AFTER INSERT OR DELETE OR UPDATE OF owner_id, status, qr_token, coupon_id ON purchased_coupons
FOR EACH ROW EXECUTE FUNCTION raise_coupons_version();
--> statement-breakpoint
-- What My QR shows of a coupon's offer and partner (its discount; the company and its region): a
-- change there is a change of every list holding one of its coupons.
CREATE FUNCTION raise_coupons_version_of_offers() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owners text;
BEGIN
  WITH touched AS (
    UPDATE users SET coupons_version = coupons_version + 1
     WHERE id IN (
       SELECT pc.owner_id FROM purchased_coupons pc JOIN coupons c ON c.id = pc.coupon_id
        WHERE (TG_TABLE_NAME = 'coupons' AND c.id = NEW.id)
           OR (TG_TABLE_NAME = 'partners' AND c.partner_id = NEW.id))
    RETURNING id)
  SELECT string_agg(id::text, ',') INTO owners FROM touched;
  IF owners IS NOT NULL THEN
    PERFORM pg_notify('my_coupons_changed', owners);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER coupons_my_qr_version
AFTER UPDATE OF discount, partner_id ON coupons
FOR EACH ROW EXECUTE FUNCTION raise_coupons_version_of_offers();
--> statement-breakpoint
CREATE TRIGGER partners_my_qr_version
AFTER UPDATE OF company_name, region ON partners
FOR EACH ROW EXECUTE FUNCTION raise_coupons_version_of_offers();
