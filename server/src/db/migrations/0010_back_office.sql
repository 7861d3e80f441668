CREATE TYPE "public"."refund_status" AS ENUM('PENDING', 'SUCCEEDED', 'CANCELED');--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'COUPON_REFUNDED';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'COUPON_VOIDED';--> statement-breakpoint
ALTER TYPE "public"."purchased_coupon_status" ADD VALUE 'VOID';--> statement-breakpoint
ALTER TYPE "public"."redemption_result" ADD VALUE 'EXPIRED';--> statement-breakpoint
ALTER TYPE "public"."redemption_result" ADD VALUE 'REFUND_PENDING';--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"actor_id" bigint,
	"subject" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_staff" (
	"partner_id" integer NOT NULL,
	"username" text NOT NULL,
	"user_id" bigint,
	"added_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purchased_coupon_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"provider" "payment_provider" NOT NULL,
	"provider_refund_id" text,
	"amount" integer NOT NULL,
	"status" "refund_status" DEFAULT 'PENDING' NOT NULL,
	"outside" boolean DEFAULT false NOT NULL,
	"requested_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "valid_until" date;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "valid_days" integer;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purchased_coupons" ADD COLUMN "refund_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purchased_coupons" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purchased_coupons" ADD COLUMN "expiry_recorded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "partner_staff" ADD CONSTRAINT "partner_staff_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_staff" ADD CONSTRAINT "partner_staff_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_staff" ADD CONSTRAINT "partner_staff_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_purchased_coupon_id_purchased_coupons_id_fk" FOREIGN KEY ("purchased_coupon_id") REFERENCES "public"."purchased_coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_events_subject_idx" ON "audit_events" USING btree ("subject","at");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_staff_key" ON "partner_staff" USING btree ("partner_id",lower("username"));--> statement-breakpoint
CREATE INDEX "partner_staff_user_idx" ON "partner_staff" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "partner_staff_username_idx" ON "partner_staff" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_live_key" ON "refunds" USING btree ("purchased_coupon_id") WHERE "refunds"."status" <> 'CANCELED';--> statement-breakpoint
CREATE INDEX "refunds_provider_refund_idx" ON "refunds" USING btree ("provider_refund_id");--> statement-breakpoint
CREATE FUNCTION "audit_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only: % refused', TG_OP;
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_events_no_update_or_delete" BEFORE UPDATE OR DELETE ON "audit_events"
  FOR EACH ROW EXECUTE FUNCTION "audit_events_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_events_no_truncate" BEFORE TRUNCATE ON "audit_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_events_append_only"();
