CREATE TABLE "telegram_updates" (
	"update_id" bigint PRIMARY KEY NOT NULL,
	"body" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone,
	"last_error" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "telegram_updates_due_idx" ON "telegram_updates" USING btree ("next_attempt_at") WHERE "telegram_updates"."handled_at" IS NULL;--> statement-breakpoint
CREATE INDEX "telegram_updates_handled_idx" ON "telegram_updates" USING btree ("handled_at");