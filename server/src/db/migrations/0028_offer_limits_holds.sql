ALTER TYPE "public"."notification_kind" ADD VALUE 'SOLD_OUT_REFUNDED';--> statement-breakpoint
CREATE TABLE "offer_holds" (
	"payment_id" uuid PRIMARY KEY NOT NULL,
	"coupon_id" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "quantity" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "per_buyer" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "sale_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offer_holds" ADD CONSTRAINT "offer_holds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_holds" ADD CONSTRAINT "offer_holds_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_holds" ADD CONSTRAINT "offer_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offer_holds_coupon_idx" ON "offer_holds" USING btree ("coupon_id","expires_at");--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_limits" CHECK (("coupons"."quantity" IS NULL OR "coupons"."quantity" BETWEEN 1 AND 100000) AND ("coupons"."per_buyer" IS NULL OR "coupons"."per_buyer" BETWEEN 1 AND 100));--> statement-breakpoint
-- The catalogue shows an offer's limits too (its `left` is read live, not from this version).
DROP TRIGGER "coupons_catalogue_version_update" ON "coupons";--> statement-breakpoint
CREATE TRIGGER coupons_catalogue_version_update
AFTER UPDATE OF id, partner_id, price, discount, status, payment_link, withdrawn_at, valid_until, valid_days, quantity, per_buyer, sale_starts_at ON coupons
FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION raise_catalogue_version();
