DROP INDEX "audit_events_at_idx";--> statement-breakpoint
CREATE INDEX "audit_events_at_id_idx" ON "audit_events" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "purchased_coupons_coupon_idx" ON "purchased_coupons" USING btree ("coupon_id");--> statement-breakpoint
CREATE INDEX "purchased_coupons_used_idx" ON "purchased_coupons" USING btree ("redeemed_at","id") WHERE "purchased_coupons"."status" = 'USED';