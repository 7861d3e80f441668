ALTER TYPE "public"."notification_kind" ADD VALUE 'WAITLIST_UNIT_HELD';--> statement-breakpoint
CREATE TABLE "offer_waitlist" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"coupon_id" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"held_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offer_waitlist" ADD CONSTRAINT "offer_waitlist_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_waitlist" ADD CONSTRAINT "offer_waitlist_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offer_waitlist_place_key" ON "offer_waitlist" USING btree ("coupon_id","user_id");--> statement-breakpoint
CREATE INDEX "offer_waitlist_coupon_idx" ON "offer_waitlist" USING btree ("coupon_id","id");