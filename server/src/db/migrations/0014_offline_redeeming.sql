CREATE TYPE "public"."offline_outcome" AS ENUM('applied', 'conflict', 'refused');--> statement-breakpoint
CREATE TABLE "offline_redemptions" (
	"nonce" text PRIMARY KEY NOT NULL,
	"qr_token" text NOT NULL,
	"user_id" bigint NOT NULL,
	"purchased_coupon_id" uuid,
	"redeemed_at" timestamp with time zone NOT NULL,
	"outcome" "offline_outcome" NOT NULL,
	"message" text,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retired_qr_tokens" (
	"qr_token" text PRIMARY KEY NOT NULL,
	"purchased_coupon_id" uuid NOT NULL,
	"retired_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"public_key" "bytea" NOT NULL,
	"private_key" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "offline_redemptions" ADD CONSTRAINT "offline_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_redemptions" ADD CONSTRAINT "offline_redemptions_purchased_coupon_id_purchased_coupons_id_fk" FOREIGN KEY ("purchased_coupon_id") REFERENCES "public"."purchased_coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retired_qr_tokens" ADD CONSTRAINT "retired_qr_tokens_purchased_coupon_id_purchased_coupons_id_fk" FOREIGN KEY ("purchased_coupon_id") REFERENCES "public"."purchased_coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "retired_qr_tokens_coupon_idx" ON "retired_qr_tokens" USING btree ("purchased_coupon_id");--> statement-breakpoint
CREATE UNIQUE INDEX "signing_keys_one_active" ON "signing_keys" USING btree ((true)) WHERE "signing_keys"."retired_at" IS NULL;--> statement-breakpoint
CREATE FUNCTION "retire_replaced_qr_token"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "retired_qr_tokens" ("qr_token", "purchased_coupon_id") VALUES (OLD."qr_token", OLD."id")
  ON CONFLICT DO NOTHING;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "purchased_coupons_retire_qr_token" AFTER UPDATE OF "qr_token" ON "purchased_coupons"
  FOR EACH ROW WHEN (OLD."qr_token" IS DISTINCT FROM NEW."qr_token") EXECUTE FUNCTION "retire_replaced_qr_token"();
