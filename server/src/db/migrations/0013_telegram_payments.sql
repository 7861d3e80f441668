ALTER TYPE "public"."payment_provider" ADD VALUE 'telegram';--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "telegram_charge_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_telegram_charge_key" ON "payments" USING btree ("telegram_charge_id");