CREATE TABLE "link_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"messenger" "messenger" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "messenger_identities_user_idx";--> statement-breakpoint
ALTER TABLE "messenger_identities" ADD COLUMN "username" text;--> statement-breakpoint
ALTER TABLE "link_codes" ADD CONSTRAINT "link_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "link_codes_user_idx" ON "link_codes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "messenger_identities_user_messenger_key" ON "messenger_identities" USING btree ("user_id","messenger");--> statement-breakpoint
-- A Telegram account unlinked from a person gets a users row of its own, whose id may be drawn from
-- users_internal_id_seq when its Telegram id is taken: only a Telegram id is a Telegram identity.
DROP TRIGGER "users_telegram_identity" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_telegram_identity" AFTER INSERT ON "users"
  FOR EACH ROW WHEN (NEW."messenger" = 'telegram' AND NEW."id" > 0 AND NEW."id" < 4503599627370496)
  EXECUTE FUNCTION "telegram_identity_of_user"();
