ALTER TYPE "public"."notification_kind" ADD VALUE 'COUPON_EXPIRING' BEFORE 'COUPON_QR';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'GIFT_RETURNING' BEFORE 'COUPON_QR';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'VISIT_RATING_ASKED' BEFORE 'COUPON_QR';--> statement-breakpoint
CREATE TABLE "coupon_reminders" (
	"purchased_coupon_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_ratings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"purchased_coupon_id" uuid NOT NULL,
	"partner_id" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"stars" smallint NOT NULL,
	"comment" text,
	"comment_prompt_message_id" integer,
	"comment_hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_ratings_stars" CHECK ("visit_ratings"."stars" BETWEEN 1 AND 5)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "coupon_reminders_off" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "invite_code" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "invited_by" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coupon_reminders" ADD CONSTRAINT "coupon_reminders_purchased_coupon_id_purchased_coupons_id_fk" FOREIGN KEY ("purchased_coupon_id") REFERENCES "public"."purchased_coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_ratings" ADD CONSTRAINT "visit_ratings_purchased_coupon_id_purchased_coupons_id_fk" FOREIGN KEY ("purchased_coupon_id") REFERENCES "public"."purchased_coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_ratings" ADD CONSTRAINT "visit_ratings_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_ratings" ADD CONSTRAINT "visit_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_reminders_key" ON "coupon_reminders" USING btree ("purchased_coupon_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "visit_ratings_coupon_key" ON "visit_ratings" USING btree ("purchased_coupon_id");--> statement-breakpoint
CREATE INDEX "visit_ratings_partner_idx" ON "visit_ratings" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "visit_ratings_user_idx" ON "visit_ratings" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_invite_code_key" ON "users" USING btree ("invite_code");--> statement-breakpoint
CREATE INDEX "users_invited_by_idx" ON "users" USING btree ("invited_by");--> statement-breakpoint
-- A partner's rating is part of what the catalogue answers (its list of partners): a rating given,
-- changed or erased raises the catalogue's version (migration 0021), so no kept list is stale.
CREATE TRIGGER visit_ratings_catalogue_version
AFTER INSERT OR DELETE ON visit_ratings
FOR EACH ROW EXECUTE FUNCTION raise_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER visit_ratings_catalogue_version_update
AFTER UPDATE OF stars, partner_id ON visit_ratings
FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION raise_catalogue_version();
