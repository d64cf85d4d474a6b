-- The listing's in-memory index also shows the cards (issue 26): an ad's cover is its first
-- picture, so adding, removing or reordering pictures is a change of the ad for the index, written
-- to product_changes like a change of the ad's own columns (migration 0037).
CREATE OR REPLACE FUNCTION product_images_note_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_changes (product_id) SELECT DISTINCT product_id FROM changed_rows;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS product_images_inserted ON product_images;--> statement-breakpoint
CREATE TRIGGER product_images_inserted AFTER INSERT ON product_images
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION product_images_note_change();--> statement-breakpoint
DROP TRIGGER IF EXISTS product_images_updated ON product_images;--> statement-breakpoint
CREATE TRIGGER product_images_updated AFTER UPDATE ON product_images
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION product_images_note_change();--> statement-breakpoint
DROP TRIGGER IF EXISTS product_images_deleted ON product_images;--> statement-breakpoint
CREATE TRIGGER product_images_deleted AFTER DELETE ON product_images
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION product_images_note_change();
