-- The bot's messages mailed when Telegram does not take them in time (modules/email): the
-- address its owner confirmed, their stop, and one claim row per message mailed.
CREATE TABLE "notification_mails" (
	"notification_id" bigint PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_confirmed" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_stopped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_mails" ADD CONSTRAINT "notification_mails_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;