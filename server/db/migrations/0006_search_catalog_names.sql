-- The ad's category in its search document. Many titles never name the kind of thing ("Toyota
-- Corolla 1.6", "Trek Marlin 7"); the category's names in Finnish, English and Russian (weight D,
-- the weakest) let "car", "машина" or "nojatuoli" find them. Only the ad's own (most precise)
-- category: its parents are too broad to say what the ad is.
CREATE OR REPLACE FUNCTION products_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cfg regconfig;
  words text[];
  joined text;
  category catalogs%ROWTYPE;
BEGIN
  cfg := CASE NEW.language
    WHEN 'fi' THEN 'finnish'::regconfig
    WHEN 'sv' THEN 'swedish'::regconfig
    WHEN 'en' THEN 'english'::regconfig
    WHEN 'ru' THEN 'russian'::regconfig
    ELSE 'simple'::regconfig
  END;
  words := array_remove(regexp_split_to_array(lower(coalesce(NEW.name, '')), '[^[:alnum:]]+'), '');
  SELECT string_agg(words[i] || words[i + 1], ' ') INTO joined
    FROM generate_series(1, coalesce(array_length(words, 1), 0) - 1) AS i
    WHERE length(words[i]) >= 3 AND length(words[i + 1]) >= 3;
  SELECT * INTO category FROM catalogs WHERE id = NEW.catalog_id;
  NEW.search_vector :=
    setweight(to_tsvector(cfg, coalesce(NEW.name, '')), 'A') ||
    setweight(to_tsvector('simple', coalesce(NEW.name, '')), 'A') ||
    setweight(to_tsvector('simple', coalesce(joined, '')), 'B') ||
    setweight(to_tsvector(cfg, coalesce(NEW.description, '')), 'B') ||
    setweight(to_tsvector('simple', coalesce(NEW.description, '')), 'C') ||
    setweight(to_tsvector('finnish', coalesce(category.name_fi, '')), 'D') ||
    setweight(to_tsvector('english', coalesce(category.name_en, '')), 'D') ||
    setweight(to_tsvector('russian', coalesce(category.name_ru, '')), 'D') ||
    setweight(to_tsvector('simple', concat_ws(' ', category.name_fi, category.name_en, category.name_ru)), 'D');
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER products_search_vector ON products;
--> statement-breakpoint
CREATE TRIGGER products_search_vector BEFORE INSERT OR UPDATE OF name, description, language, catalog_id ON products
  FOR EACH ROW EXECUTE FUNCTION products_search_vector();
--> statement-breakpoint
UPDATE products SET name = name;
