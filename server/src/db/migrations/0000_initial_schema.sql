CREATE TYPE "public"."coupon_status" AS ENUM('PENDING', 'ACCEPTED', 'REJECTED');--> statement-breakpoint
CREATE TYPE "public"."geo_point_type" AS ENUM('START', 'PART', 'END');--> statement-breakpoint
CREATE TYPE "public"."partner_type" AS ENUM('ШКОЛА', 'ПРОКАТ', 'МАГАЗИН', 'ТУРЫ', 'ПРОИЗВОДСТВО', 'КЛУБ');--> statement-breakpoint
CREATE TYPE "public"."payment_provider" AS ENUM('sandbox', 'link', 'yookassa');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('PENDING', 'SUCCEEDED', 'CANCELED');--> statement-breakpoint
CREATE TYPE "public"."purchased_coupon_status" AS ENUM('NOT_USED', 'USED');--> statement-breakpoint
CREATE TYPE "public"."redemption_result" AS ENUM('REDEEMED', 'ALREADY_USED', 'UNKNOWN_TOKEN', 'OTHER_COMPANY', 'UNDONE');--> statement-breakpoint
CREATE TABLE "admin_bindings" (
	"username" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"bound_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"button_text" text NOT NULL,
	"link" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"price" integer NOT NULL,
	"discount" integer NOT NULL,
	"status" "coupon_status" DEFAULT 'PENDING' NOT NULL,
	"payment_link" text,
	"requested_by" bigint,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_amounts" CHECK ("coupons"."price" > 0 AND "coupons"."discount" > 0 AND "coupons"."discount" < "coupons"."price")
);
--> statement-breakpoint
CREATE TABLE "geo_points" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"accuracy" double precision NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"type" "geo_point_type" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "geo_points_ranges" CHECK ("geo_points"."lat" BETWEEN -90 AND 90 AND "geo_points"."lon" BETWEEN -180 AND 180 AND "geo_points"."accuracy" >= 0)
);
--> statement-breakpoint
CREATE TABLE "gifts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"purchased_coupon_id" uuid NOT NULL,
	"from_user_id" bigint NOT NULL,
	"to_user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" serial PRIMARY KEY NOT NULL,
	"region" text NOT NULL,
	"company_name" text NOT NULL,
	"partner_type" "partner_type" NOT NULL,
	"phone" text NOT NULL,
	"address" text NOT NULL,
	"email" text NOT NULL,
	"spokesman_username" text NOT NULL,
	"spokesman_user_id" bigint,
	"discount_conditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partners_phone_digits" CHECK ("partners"."phone" ~ '^7[0-9]{10}$')
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coupon_id" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"provider" "payment_provider" NOT NULL,
	"provider_payment_id" text,
	"amount" integer NOT NULL,
	"status" "payment_status" DEFAULT 'PENDING' NOT NULL,
	"confirmation_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photo_directories" (
	"id" serial PRIMARY KEY NOT NULL,
	"region" text NOT NULL,
	"month" smallint NOT NULL,
	"organizer" text,
	"link" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photo_directories_month" CHECK ("photo_directories"."month" BETWEEN 7 AND 10)
);
--> statement-breakpoint
CREATE TABLE "purchased_coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coupon_id" integer NOT NULL,
	"payment_id" uuid NOT NULL,
	"owner_id" bigint NOT NULL,
	"status" "purchased_coupon_status" DEFAULT 'NOT_USED' NOT NULL,
	"qr_token" text NOT NULL,
	"qr_png" "bytea",
	"verified" boolean NOT NULL,
	"purchased_at" timestamp with time zone DEFAULT now() NOT NULL,
	"redeemed_at" timestamp with time zone,
	"redeemed_by" bigint
);
--> statement-breakpoint
CREATE TABLE "redemptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"purchased_coupon_id" uuid,
	"qr_token" text NOT NULL,
	"user_id" bigint NOT NULL,
	"result" "redemption_result" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" bigint PRIMARY KEY NOT NULL,
	"username" text,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text,
	"is_admin" boolean DEFAULT false NOT NULL,
	"is_chat_member" boolean DEFAULT false NOT NULL,
	"membership_checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_bindings" ADD CONSTRAINT "admin_bindings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "geo_points" ADD CONSTRAINT "geo_points_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_purchased_coupon_id_purchased_coupons_id_fk" FOREIGN KEY ("purchased_coupon_id") REFERENCES "public"."purchased_coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_spokesman_user_id_users_id_fk" FOREIGN KEY ("spokesman_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchased_coupons" ADD CONSTRAINT "purchased_coupons_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchased_coupons" ADD CONSTRAINT "purchased_coupons_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchased_coupons" ADD CONSTRAINT "purchased_coupons_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchased_coupons" ADD CONSTRAINT "purchased_coupons_redeemed_by_users_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_purchased_coupon_id_purchased_coupons_id_fk" FOREIGN KEY ("purchased_coupon_id") REFERENCES "public"."purchased_coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupons_partner_status_idx" ON "coupons" USING btree ("partner_id","status");--> statement-breakpoint
CREATE INDEX "geo_points_user_ts_idx" ON "geo_points" USING btree ("user_id","ts");--> statement-breakpoint
CREATE INDEX "gifts_purchased_coupon_idx" ON "gifts" USING btree ("purchased_coupon_id");--> statement-breakpoint
CREATE UNIQUE INDEX "partners_region_company_key" ON "partners" USING btree (lower("region"),lower("company_name"));--> statement-breakpoint
CREATE INDEX "partners_spokesman_username_idx" ON "partners" USING btree (lower("spokesman_username"));--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_payment_key" ON "payments" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "photo_directories_key" ON "photo_directories" USING btree (lower("region"),"month",lower(coalesce("organizer", '')));--> statement-breakpoint
CREATE UNIQUE INDEX "purchased_coupons_payment_key" ON "purchased_coupons" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchased_coupons_qr_token_key" ON "purchased_coupons" USING btree ("qr_token");--> statement-breakpoint
CREATE INDEX "purchased_coupons_owner_idx" ON "purchased_coupons" USING btree ("owner_id","purchased_at");--> statement-breakpoint
CREATE INDEX "redemptions_purchased_coupon_idx" ON "redemptions" USING btree ("purchased_coupon_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key" ON "users" USING btree (lower("username"));