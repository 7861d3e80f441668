-- One identity per messenger (ADR 0019): a person is (messenger, the id it gives them) →
-- one user. Every row stays; a Telegram user's id stays their Telegram id, so nothing changes for
-- them. Usernames, and the roles and gifts bound to one, say whose messenger's they are.
CREATE TYPE "public"."messenger" AS ENUM('telegram', 'max');--> statement-breakpoint
CREATE TABLE "messenger_identities" (
	"messenger" "messenger" NOT NULL,
	"external_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messenger_identities_messenger_external_id_pk" PRIMARY KEY("messenger","external_id")
);
--> statement-breakpoint
ALTER TABLE "messenger_identities" ADD CONSTRAINT "messenger_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messenger_identities_user_idx" ON "messenger_identities" USING btree ("user_id");--> statement-breakpoint
-- Every user so far came from Telegram, under their Telegram id.
INSERT INTO "messenger_identities" ("messenger", "external_id", "user_id", "created_at")
  SELECT 'telegram', "id"::text, "id", "created_at" FROM "users" WHERE "id" > 0;--> statement-breakpoint
-- Ids of people from other messengers: above 2^52, past every Telegram id (which have at most 52
-- significant bits) and within JavaScript's exact integers.
CREATE SEQUENCE "public"."users_internal_id_seq" INCREMENT BY 1 MINVALUE 4503599627370496 MAXVALUE 9007199254740991 START WITH 4503599627370496 CACHE 1;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "messenger" "messenger" DEFAULT 'telegram' NOT NULL;--> statement-breakpoint
-- A Telegram user's identity is their id itself: written with the row, by whatever writes it (the
-- app, the bot, the demo data), so no user is ever without one. Telegram's user ids are positive;
-- the negative ids an erasure keeps money records under are nobody's. Other messengers' identities
-- map a foreign id to an id of ours and are written by their adapters.
CREATE FUNCTION "telegram_identity_of_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "messenger_identities" ("messenger", "external_id", "user_id")
    VALUES ('telegram', NEW."id"::text, NEW."id") ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_telegram_identity" AFTER INSERT ON "users"
  FOR EACH ROW WHEN (NEW."messenger" = 'telegram' AND NEW."id" > 0) EXECUTE FUNCTION "telegram_identity_of_user"();--> statement-breakpoint
DROP INDEX "users_username_key";--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key" ON "users" USING btree ("messenger",lower("username"));--> statement-breakpoint
ALTER TABLE "admin_bindings" ADD COLUMN "messenger" "messenger" DEFAULT 'telegram' NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_bindings" DROP CONSTRAINT "admin_bindings_pkey";--> statement-breakpoint
ALTER TABLE "admin_bindings" ADD CONSTRAINT "admin_bindings_messenger_username_pk" PRIMARY KEY("messenger","username");--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "spokesman_messenger" "messenger" DEFAULT 'telegram' NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_staff" ADD COLUMN "messenger" "messenger" DEFAULT 'telegram' NOT NULL;--> statement-breakpoint
DROP INDEX "partner_staff_key";--> statement-breakpoint
CREATE UNIQUE INDEX "partner_staff_key" ON "partner_staff" USING btree ("partner_id","messenger",lower("username"));--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "to_messenger" "messenger" DEFAULT 'telegram' NOT NULL;--> statement-breakpoint
-- The chat a message goes to, and its id there once sent, are its messenger's: MAX's message ids
-- are strings.
ALTER TABLE "notifications" ADD COLUMN "messenger" "messenger" DEFAULT 'telegram' NOT NULL;--> statement-breakpoint
DROP INDEX "notifications_event_key";--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_event_key" ON "notifications" USING btree ("kind","event_key","messenger","chat_id");--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "message_id" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "visit_ratings" ALTER COLUMN "comment_prompt_message_id" SET DATA TYPE text;
