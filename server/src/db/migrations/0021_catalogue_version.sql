CREATE TABLE "catalogue_version" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "catalogue_version_one_row" CHECK ("catalogue_version"."id")
);
--> statement-breakpoint
INSERT INTO "catalogue_version" DEFAULT VALUES;
--> statement-breakpoint
-- The catalogue's version: raised with every row changed in what the catalogue shows (a partner or
-- an offer added, edited, paused, withdrawn, decided), by whatever module or process made it, in its
-- transaction; a statement that changes no row (a refused decision) leaves it alone. A read compares
-- this row instead of the lists; the channel tells a process that keeps the version in memory
-- (PGlite's one process) to forget it.
CREATE FUNCTION raise_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalogue_version SET version = version + 1;
  PERFORM pg_notify('catalogue_changed', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER partners_catalogue_version
AFTER INSERT OR DELETE ON partners
FOR EACH ROW EXECUTE FUNCTION raise_catalogue_version();
--> statement-breakpoint
-- The columns the catalogue reads of a partner; binding its spokesman at first sight is not one.
CREATE TRIGGER partners_catalogue_version_update
AFTER UPDATE OF id, region, company_name, partner_type, discount_conditions, paused_at ON partners
FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION raise_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER partners_catalogue_version_truncate
AFTER TRUNCATE ON partners
FOR EACH STATEMENT EXECUTE FUNCTION raise_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER coupons_catalogue_version
AFTER INSERT OR DELETE ON coupons
FOR EACH ROW EXECUTE FUNCTION raise_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER coupons_catalogue_version_update
AFTER UPDATE OF id, partner_id, price, discount, status, payment_link, withdrawn_at, valid_until, valid_days ON coupons
FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION raise_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER coupons_catalogue_version_truncate
AFTER TRUNCATE ON coupons
FOR EACH STATEMENT EXECUTE FUNCTION raise_catalogue_version();
