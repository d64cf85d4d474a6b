-- The search's SQL functions as the database runs them: the products' search document (the
-- trigger function products_search_vector and its helpers) and the catalogs' trigger that renews
-- the documents when a category moves or is renamed. This file is their one source: a migration
-- that changes one copies its new definition from here, and search-functions.test.ts fails while
-- the migrated database and this file differ. Comments above each say which migration last set it.

-- Last set by 0033_translated_names.sql.
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
$$;

-- Last set by 0019_search_at_scale.sql.
-- Numbers with units and sizes, normalised to one token each, so that every way of writing them
-- meets: 17" = 17 tuumaa = 17 tum = R17 → 17in; 256 GB = 256gb = 256 Gt → 256gb; 205/55 R16 →
-- 205x55 and 16in; koko 42 = size 42 = storlek 42 → size42; kaksio = 2h = 2 huonetta = tvåa →
-- 2h. server/modules/search/search-units.ts does the same to a query (a test holds them equal).
CREATE OR REPLACE FUNCTION search_units(input text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  t text := lower(coalesce(input, ''));
  m text[];
  tokens text[] := '{}';
BEGIN
  FOR m IN SELECT regexp_matches(t, '(?<![[:alnum:]])(\d{3})\s*/\s*(\d{2})\s*(?:-|z?r)?\s*(\d{2})(?![[:alnum:]])', 'g') LOOP
    tokens := tokens || (m[1] || 'x' || m[2]) || (m[3] || 'in');
  END LOOP;
  FOR m IN SELECT regexp_matches(t, '(?<![[:alnum:]])(\d{1,3})\s*(?:"|''''|”|″|tuum[[:alpha:]]*|tums?|inch(?:es)?|дюйм[[:alpha:]]*)(?![[:alnum:]])', 'g') LOOP
    tokens := tokens || (m[1] || 'in');
  END LOOP;
  FOR m IN SELECT regexp_matches(t, '(?<![[:alnum:]])r\s?(1\d|2[0-4])(?![[:alnum:]])', 'g') LOOP
    tokens := tokens || (m[1] || 'in');
  END LOOP;
  FOR m IN SELECT regexp_matches(t, '(?<![[:alnum:]])(\d{1,4})\s*(gb|gt|gib|гб|tb|tt|тб|cm|mm|kg|m2|m²|кг|см)(?![[:alnum:]])', 'g') LOOP
    tokens := tokens || (m[1] || CASE m[2] WHEN 'gt' THEN 'gb' WHEN 'gib' THEN 'gb' WHEN 'гб' THEN 'gb' WHEN 'tt' THEN 'tb' WHEN 'тб' THEN 'tb'
      WHEN 'm²' THEN 'm2' WHEN 'кг' THEN 'kg' WHEN 'см' THEN 'cm' ELSE m[2] END);
  END LOOP;
  FOR m IN SELECT regexp_matches(t, '(?<![[:alnum:]])([1-9])\s*(?:h|huone[[:alpha:]]*|rum|rok|rooms?|bedrooms?|комн[[:alpha:]]*|-комнатн[[:alpha:]]*)(?![[:alnum:]])', 'g') LOOP
    tokens := tokens || (m[1] || 'h');
  END LOOP;
  FOR m IN SELECT regexp_matches(t, '(?<![[:alnum:]])(yksiö|etta|ettan|ettor|studio|студия|однушк|kaksio|tvåa|tvåan|tvåor|двушк|kolmio|trea|trean|treor|трешк|трёшк)', 'g') LOOP
    tokens := tokens || CASE WHEN m[1] IN ('yksiö', 'etta', 'ettan', 'ettor', 'studio', 'студия', 'однушк') THEN '1h'
      WHEN m[1] IN ('kaksio', 'tvåa', 'tvåan', 'tvåor', 'двушк') THEN '2h' ELSE '3h' END;
  END LOOP;
  FOR m IN SELECT regexp_matches(t, '(?<![[:alnum:]])(?:koko|size|storlek|stl|размер|eu)\.?\s*(\d{2,3}|xxs|xs|s|m|l|xl|xxl|xxxl)(?![[:alnum:]])', 'g') LOOP
    tokens := tokens || ('size' || m[1]);
  END LOOP;
  RETURN array_to_string(tokens, ' ');
END
$$;

-- Last set by 0019_search_at_scale.sql.
-- The parts of compound title words, marked with "~" so that no ordinary query word meets them:
-- every ending of four letters or more after a head of three or more ("kulmasohva" gives
-- ~sohva, ~asohva, …) with its Finnish, Swedish and English stems (~sohv), and Swedish nouns in
-- -el/-er/-en also without that e ("damcykel" gives ~cykl, which "cyklar" meets). A query looks
-- for its stems among these: "sohva" finds "kulmasohva" through the GIN index, not through a
-- regular expression over every title.
CREATE OR REPLACE FUNCTION search_parts(title text) RETURNS text[] LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  w text;
  part text;
  parts text[] := '{}';
BEGIN
  FOR w IN SELECT regexp_split_to_table(lower(coalesce(title, '')), '[^[:alpha:]]+') LOOP
    CONTINUE WHEN length(w) < 7 OR length(w) > 40;
    FOR i IN 4 .. length(w) - 3 LOOP
      part := substr(w, i);
      parts := parts || ('~' || part);
      IF part ~ '[^aeiouyåäö]e[lrn]$' THEN
        parts := parts || ('~' || regexp_replace(part, 'e([lrn])$', '\1'));
      END IF;
      -- The part's stems, so a query's stems meet it whole (an index lookup that can skip,
      -- unlike a prefix, which makes GIN read every matching lexeme's full list).
      parts := parts || coalesce((SELECT array_agg('~' || s) FROM unnest(
        ts_lexize('finnish_stem', part) || ts_lexize('swedish_stem', part) || ts_lexize('english_stem', part)) AS s), '{}');
    END LOOP;
  END LOOP;
  RETURN parts;
END
$$;

-- Last set by 0020_catalog_ancestors.sql.
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

-- Last set by 0026_issue26_category_fields.sql.
-- Choice, several-choice and yes/no values of the category fields as lexemes of the search
-- document ("§afuel=hybrid", "§asauna=true"), so a filter by them is one more lexeme the GIN index
-- intersects with the category's and the words' (numbers and days go to product_numbers). Only
-- the fields of the ad's catalog and its ancestors count, retired ones too (their values stay).
CREATE OR REPLACE FUNCTION attribute_lexemes(catalog integer, attrs jsonb) RETURNS text[] LANGUAGE sql STABLE AS $$
  WITH RECURSIVE up(id, parent_id, depth) AS (
    SELECT id, parent_id, 1 FROM catalogs WHERE id = catalog
    UNION ALL
    SELECT c.id, c.parent_id, up.depth + 1 FROM catalogs c JOIN up ON c.id = up.parent_id WHERE up.depth < 8
  )
  SELECT coalesce(array_agg(DISTINCT '§a' || d.key || '=' || v.value), '{}'::text[])
  FROM catalog_attributes d
  JOIN up ON up.id = d.catalog_id
  CROSS JOIN LATERAL (
    SELECT attrs ->> d.key WHERE d.type IN ('choice', 'boolean') AND jsonb_typeof(attrs -> d.key) IN ('string', 'boolean')
    UNION ALL
    SELECT jsonb_array_elements_text(attrs -> d.key) WHERE d.type = 'choices' AND jsonb_typeof(attrs -> d.key) = 'array'
  ) AS v(value)
  WHERE attrs ? d.key AND v.value IS NOT NULL
$$;

-- Last set by 0033_translated_names.sql.
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
$$;

-- Last set by 0033_translated_names.sql.
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
$$;

-- Last set by 0033_translated_names.sql.
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
$$;
