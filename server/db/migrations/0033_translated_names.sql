-- Names in languages besides Finnish move from a column per language into one jsonb map per row
-- ({ "sv": …, "en": …, "ru": … }), so adding a language needs no new column (issue 27). Finnish
-- stays the required `name_fi` column. The search document reads every name in the map, each with
-- its language's stemmer (any language without one: simple), so Swedish category names are found too.
ALTER TABLE "catalogs" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "catalogs" SET "names" = jsonb_strip_nulls(jsonb_build_object(
  'sv', nullif(btrim("name_sv"), ''), 'en', nullif(btrim("name_en"), ''), 'ru', nullif(btrim("name_ru"), '')));--> statement-breakpoint
ALTER TABLE "blog_categories" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "blog_categories" SET "names" = jsonb_strip_nulls(jsonb_build_object(
  'sv', nullif(btrim("name_sv"), ''), 'en', nullif(btrim("name_en"), ''), 'ru', nullif(btrim("name_ru"), '')));--> statement-breakpoint
-- The text search configuration of a language code; a language PostgreSQL has no stemmer for is
-- searched word for word.
CREATE OR REPLACE FUNCTION locale_regconfig(code text) RETURNS regconfig LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE code
    WHEN 'fi' THEN 'finnish'::regconfig
    WHEN 'sv' THEN 'swedish'::regconfig
    WHEN 'en' THEN 'english'::regconfig
    WHEN 'ru' THEN 'russian'::regconfig
    ELSE 'simple'::regconfig
  END
$$;--> statement-breakpoint
-- Every name of the map as a document, each in its own language.
CREATE OR REPLACE FUNCTION translated_names_vector(names jsonb) RETURNS tsvector LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  doc tsvector := ''::tsvector;
  entry record;
BEGIN
  FOR entry IN SELECT key, value FROM jsonb_each_text(coalesce(names, '{}'::jsonb)) LOOP
    doc := doc || to_tsvector(locale_regconfig(entry.key), entry.value);
  END LOOP;
  RETURN doc;
END
$$;--> statement-breakpoint
-- The search document as in 0026, with the category's names read from the map.
CREATE OR REPLACE FUNCTION products_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cfg regconfig;
  words text[];
  joined text;
  swedish_short text;
  category catalogs%ROWTYPE;
  all_names text;
  day integer;
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
  SELECT string_agg(regexp_replace(w, 'e([lrn])$', '\1'), ' ') INTO swedish_short
    FROM unnest(words) AS w WHERE w ~ '^[[:alpha:]]{2,}[^aeiouyåäö]e[lrn]$';
  SELECT * INTO category FROM catalogs WHERE id = NEW.catalog_id;
  SELECT string_agg(value, ' ') INTO all_names FROM jsonb_each_text(coalesce(category.names, '{}'::jsonb));
  day := floor(extract(epoch FROM NEW.created_at) / 86400)::integer;
  NEW.search_vector :=
    setweight(to_tsvector(cfg, coalesce(NEW.name, '')), 'A') ||
    setweight(to_tsvector('simple', coalesce(NEW.name, '')), 'A') ||
    setweight(to_tsvector('finnish', coalesce(NEW.name, '')), 'A') ||
    setweight(to_tsvector('swedish', coalesce(NEW.name, '')), 'A') ||
    setweight(to_tsvector('english', coalesce(NEW.name, '')), 'A') ||
    setweight(to_tsvector('russian', coalesce(NEW.name, '')), 'A') ||
    setweight(to_tsvector('simple', coalesce(swedish_short, '')), 'A') ||
    setweight(to_tsvector('simple', search_units(NEW.name)), 'A') ||
    setweight(to_tsvector('simple', coalesce(joined, '')), 'B') ||
    setweight(to_tsvector(cfg, coalesce(NEW.description, '')), 'B') ||
    setweight(to_tsvector('simple', search_units(NEW.description)), 'B') ||
    setweight(to_tsvector('simple', coalesce(NEW.description, '')), 'C') ||
    setweight(to_tsvector('finnish', coalesce(category.name_fi, '')), 'D') ||
    setweight(translated_names_vector(category.names), 'D') ||
    setweight(to_tsvector('simple', concat_ws(' ', category.name_fi, all_names)), 'D') ||
    array_to_tsvector(search_parts(NEW.name) || ARRAY[
      '§1:' || day, '§4:' || (day / 4), '§16:' || (day / 16), '§64:' || (day / 64), '§256:' || (day / 256),
      '§r' || NEW.region_id, '§m' || NEW.city_id
    ] || catalog_lexemes(NEW.catalog_id) || attribute_lexemes(NEW.catalog_id, NEW.attributes));
  -- The vocabulary: every word the document can be found by (title, description, the title's
  -- words written together, the category's names).
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM regexp_split_to_table(lower(concat_ws(' ', NEW.name, NEW.description, joined,
      category.name_fi, all_names)), '[^[:alpha:]]+') AS w
    WHERE length(w) BETWEEN 4 AND 30
    ON CONFLICT DO NOTHING;
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER catalogs_search_documents ON catalogs;--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalogs_search_documents() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.parent_id IS DISTINCT FROM NEW.parent_id THEN
    UPDATE products SET catalog_id = catalog_id WHERE catalog_id IN (
      WITH RECURSIVE down(id, depth) AS (
        SELECT NEW.id, 1
        UNION ALL
        SELECT c.id, down.depth + 1 FROM catalogs c JOIN down ON c.parent_id = down.id WHERE down.depth < 8
      )
      SELECT id FROM down
    );
  ELSIF OLD.name_fi IS DISTINCT FROM NEW.name_fi OR OLD.names IS DISTINCT FROM NEW.names THEN
    UPDATE products SET catalog_id = catalog_id WHERE catalog_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER catalogs_search_documents AFTER UPDATE OF parent_id, name_fi, names ON catalogs
  FOR EACH ROW EXECUTE FUNCTION catalogs_search_documents();--> statement-breakpoint
ALTER TABLE "catalogs" DROP COLUMN "name_en";--> statement-breakpoint
ALTER TABLE "catalogs" DROP COLUMN "name_ru";--> statement-breakpoint
ALTER TABLE "catalogs" DROP COLUMN "name_sv";--> statement-breakpoint
ALTER TABLE "blog_categories" DROP COLUMN "name_en";--> statement-breakpoint
ALTER TABLE "blog_categories" DROP COLUMN "name_ru";--> statement-breakpoint
ALTER TABLE "blog_categories" DROP COLUMN "name_sv";--> statement-breakpoint
-- The documents made before: add the Swedish category names, which they lacked (only the document
-- changes, so the products trigger does not run).
UPDATE products p SET search_vector = p.search_vector
    || setweight(to_tsvector('swedish', c.names->>'sv'), 'D') || setweight(to_tsvector('simple', c.names->>'sv'), 'D')
  FROM catalogs c WHERE c.id = p.catalog_id AND c.names ? 'sv';
