-- Every ancestor's category lexeme in the search document (§c of the category, its parent and
-- the parent's parent), so a text search filtered by a top category ("transport" and all below
-- it) asks the GIN index for one lexeme every match has, instead of leaving fifty subcategories
-- to the heap filter (a bicycle word in transport read every time block: 230 ms at a million ads).
CREATE OR REPLACE FUNCTION catalog_lexemes(catalog integer) RETURNS text[] LANGUAGE sql STABLE AS $$
  WITH RECURSIVE up(id, parent_id, depth) AS (
    SELECT id, parent_id, 1 FROM catalogs WHERE id = catalog
    UNION ALL
    SELECT c.id, c.parent_id, up.depth + 1 FROM catalogs c JOIN up ON c.id = up.parent_id WHERE up.depth < 8
  )
  SELECT coalesce(array_agg('§c' || id), ARRAY['§c' || catalog]) FROM up
$$;
--> statement-breakpoint
-- The search document as in 0019, with every ancestor's §c. 0019 added: the title's words stemmed by all four stemmers (an ad whose
-- language was guessed wrong, or a Swedish word in a Finnish ad, still matches its stems; weight
-- A), Swedish -el/-er/-en words without the e, the normalised units (A from the title, B from
-- the description), the compound parts (above), and lexemes no query word can produce that let
-- the GIN index itself narrow a search by time, place and category: §1:n, §4:n, §16:n, §64:n,
-- §256:n (the n-th block of 1, 4, 16, 64 or 256 days since 1970 the ad was posted in), §r<region>,
-- §m<municipality>, §c<category>. A search asks the index for "the words and the last few days"
-- first, and widens only when that gives too few ads (products.repo.ts).
-- The words of the ad also go to the vocabulary (search_words) for typo correction.
CREATE OR REPLACE FUNCTION products_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cfg regconfig;
  words text[];
  joined text;
  swedish_short text;
  category catalogs%ROWTYPE;
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
    setweight(to_tsvector('english', coalesce(category.name_en, '')), 'D') ||
    setweight(to_tsvector('russian', coalesce(category.name_ru, '')), 'D') ||
    setweight(to_tsvector('simple', concat_ws(' ', category.name_fi, category.name_en, category.name_ru)), 'D') ||
    array_to_tsvector(search_parts(NEW.name) || ARRAY[
      '§1:' || day, '§4:' || (day / 4), '§16:' || (day / 16), '§64:' || (day / 64), '§256:' || (day / 256),
      '§r' || NEW.region_id, '§m' || NEW.city_id
    ] || catalog_lexemes(NEW.catalog_id));
  -- The vocabulary: every word the document can be found by (title, description, the title's
  -- words written together, the category's names).
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM regexp_split_to_table(lower(concat_ws(' ', NEW.name, NEW.description, joined,
      category.name_fi, category.name_en, category.name_ru)), '[^[:alpha:]]+') AS w
    WHERE length(w) BETWEEN 4 AND 30
    ON CONFLICT DO NOTHING;
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- A category that moves takes its ads' ancestor lexemes along; renamed, its ads' documents get
-- the new names (both rewrite the affected documents through the products trigger above).
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
  ELSIF OLD.name_fi IS DISTINCT FROM NEW.name_fi OR OLD.name_en IS DISTINCT FROM NEW.name_en OR OLD.name_ru IS DISTINCT FROM NEW.name_ru THEN
    UPDATE products SET catalog_id = catalog_id WHERE catalog_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER catalogs_search_documents AFTER UPDATE OF parent_id, name_fi, name_en, name_ru ON catalogs
  FOR EACH ROW EXECUTE FUNCTION catalogs_search_documents();
--> statement-breakpoint
-- The documents made before: add the ancestors' lexemes (the trigger does not run: only the
-- document changes, and nothing else of it needs working out again).
UPDATE products p SET search_vector = p.search_vector || array_to_tsvector(a.lexemes)
  FROM (SELECT id, catalog_lexemes(id) AS lexemes FROM catalogs WHERE parent_id IS NOT NULL) a
  WHERE p.catalog_id = a.id;
