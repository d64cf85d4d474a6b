-- The listing's in-memory index (issue 26, server/modules/listing-index): every process keeps the
-- listed ads' filter columns in memory and, before it answers, reads which ads changed since it last
-- looked. A change row carries the writing transaction's id, so a reader that remembers its last
-- snapshot's xmin misses no transaction, however long it ran or in whichever order they committed.
-- Only the columns the listing filters, sorts or counts by write a row (not a view count).
CREATE TABLE IF NOT EXISTS "product_changes" (
  "xid" xid8 NOT NULL DEFAULT pg_current_xact_id(),
  "product_id" integer NOT NULL,
  "changed_at" timestamp with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "product_changes_xid_idx" ON "product_changes" ("xid");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "product_changes_changed_at_idx" ON "product_changes" ("changed_at");--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_note_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO product_changes (product_id) VALUES (OLD.id);
  ELSE
    INSERT INTO product_changes (product_id) VALUES (NEW.id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS products_changes_written ON products;--> statement-breakpoint
CREATE TRIGGER products_changes_written AFTER INSERT OR DELETE ON products
  FOR EACH ROW EXECUTE FUNCTION products_note_change();--> statement-breakpoint
DROP TRIGGER IF EXISTS products_changes_updated ON products;--> statement-breakpoint
CREATE TRIGGER products_changes_updated AFTER UPDATE ON products
  FOR EACH ROW WHEN (
    OLD.status IS DISTINCT FROM NEW.status OR OLD.catalog_id IS DISTINCT FROM NEW.catalog_id
    OR OLD.city_id IS DISTINCT FROM NEW.city_id OR OLD.region_id IS DISTINCT FROM NEW.region_id
    OR OLD.price_cents IS DISTINCT FROM NEW.price_cents OR OLD.kind IS DISTINCT FROM NEW.kind
    OR OLD.image_count IS DISTINCT FROM NEW.image_count OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR OLD.expires_at IS DISTINCT FROM NEW.expires_at OR OLD.attributes IS DISTINCT FROM NEW.attributes
    OR OLD.search_vector IS DISTINCT FROM NEW.search_vector
  ) EXECUTE FUNCTION products_note_change();--> statement-breakpoint
-- A field's numbers (year, mileage) are written beside the ad's values; a change of them alone counts too.
CREATE OR REPLACE FUNCTION product_numbers_note_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_changes (product_id) SELECT DISTINCT product_id FROM changed_rows;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS product_numbers_inserted ON product_numbers;--> statement-breakpoint
CREATE TRIGGER product_numbers_inserted AFTER INSERT ON product_numbers
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION product_numbers_note_change();--> statement-breakpoint
DROP TRIGGER IF EXISTS product_numbers_deleted ON product_numbers;--> statement-breakpoint
CREATE TRIGGER product_numbers_deleted AFTER DELETE ON product_numbers
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION product_numbers_note_change();
