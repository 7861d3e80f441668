ALTER TABLE "partners" ADD COLUMN "inn" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "consent_edition" text;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "audit_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The one exception: erasing a person (152-ФЗ) puts an anonymous id where theirs was, inside the
  -- erasure's transaction (SET LOCAL app.erasing_user), and changes nothing else of the event.
  IF TG_OP = 'UPDATE' AND current_setting('app.erasing_user', true) = 'on'
     AND NEW.id = OLD.id AND NEW.at = OLD.at AND NEW.kind = OLD.kind AND NEW.subject = OLD.subject THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_events is append-only: % refused', TG_OP;
END
$$;
