CREATE TYPE "public"."closing_receipt_status" AS ENUM('PENDING', 'SENT', 'FAILED');--> statement-breakpoint
CREATE TABLE "closing_receipts" (
	"purchased_coupon_id" uuid PRIMARY KEY NOT NULL,
	"status" "closing_receipt_status" DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"provider_receipt_id" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "closing_receipts" ADD CONSTRAINT "closing_receipts_purchased_coupon_id_purchased_coupons_id_fk" FOREIGN KEY ("purchased_coupon_id") REFERENCES "public"."purchased_coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "closing_receipts_due_idx" ON "closing_receipts" USING btree ("next_attempt_at") WHERE "closing_receipts"."status" = 'PENDING';