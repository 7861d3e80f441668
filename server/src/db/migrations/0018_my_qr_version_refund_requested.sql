-- My QR shows a coupon whose refund is under way as such (REFUND_PENDING): asking for a refund and
-- the provider's refusal change refund_requested_at alone, so it is one of the columns that raise
-- the owner's list version.
DROP TRIGGER purchased_coupons_my_qr_version ON purchased_coupons;
--> statement-breakpoint
CREATE TRIGGER purchased_coupons_my_qr_version
AFTER INSERT OR DELETE OR UPDATE OF owner_id, status, qr_token, coupon_id, refund_requested_at ON purchased_coupons
FOR EACH ROW EXECUTE FUNCTION raise_coupons_version();
