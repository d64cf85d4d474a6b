CREATE TABLE "search_synonyms" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"word" text NOT NULL,
	"language" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_synonyms_group_word_unique" UNIQUE("group_id","word")
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_synonyms_word_idx" ON "search_synonyms" USING btree ("word");--> statement-breakpoint
CREATE INDEX "search_words_prefix_idx" ON "search_words" USING btree ("word" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- The synonym groups the search starts with (fi, sv, en, ru; colloquial and brand words too).
-- Staff may change these rows; the search reads them again within a minute.
INSERT INTO search_synonyms (group_id, word, language) VALUES
  (1, 'fillari', 'fi'),
  (1, 'polkupyörä', 'fi'),
  (1, 'pyörä', 'fi'),
  (1, 'cykel', 'sv'),
  (1, 'bike', 'en'),
  (1, 'bicycle', 'en'),
  (1, 'велосипед', 'ru'),
  (1, 'велик', 'ru'),
  (2, 'auto', 'fi'),
  (2, 'henkilöauto', 'fi'),
  (2, 'bil', 'sv'),
  (2, 'car', 'en'),
  (2, 'автомобиль', 'ru'),
  (2, 'машина', 'ru'),
  (3, 'kännykkä', 'fi'),
  (3, 'puhelin', 'fi'),
  (3, 'matkapuhelin', 'fi'),
  (3, 'älypuhelin', 'fi'),
  (3, 'känny', 'fi'),
  (3, 'mobiltelefon', 'sv'),
  (3, 'mobil', 'sv'),
  (3, 'phone', 'en'),
  (3, 'smartphone', 'en'),
  (3, 'телефон', 'ru'),
  (3, 'смартфон', 'ru'),
  (4, 'telkkari', 'fi'),
  (4, 'televisio', 'fi'),
  (4, 'tv', 'fi'),
  (4, 'teve', 'fi'),
  (4, 'tv-apparat', 'sv'),
  (4, 'television', 'en'),
  (4, 'телевизор', 'ru'),
  (4, 'телик', 'ru'),
  (5, 'läppäri', 'fi'),
  (5, 'kannettava', 'fi'),
  (5, 'kannettava tietokone', 'fi'),
  (5, 'bärbar', 'sv'),
  (5, 'laptop', 'en'),
  (5, 'notebook', 'en'),
  (5, 'ноутбук', 'ru'),
  (5, 'ноут', 'ru'),
  (6, 'mökki', 'fi'),
  (6, 'kesämökki', 'fi'),
  (6, 'huvila', 'fi'),
  (6, 'stuga', 'sv'),
  (6, 'sommarstuga', 'sv'),
  (6, 'cottage', 'en'),
  (6, 'дача', 'ru'),
  (7, 'sohva', 'fi'),
  (7, 'sohvat', 'fi'),
  (7, 'soffa', 'sv'),
  (7, 'sofa', 'en'),
  (7, 'couch', 'en'),
  (7, 'диван', 'ru'),
  (8, 'lastenvaunut', 'fi'),
  (8, 'lastenrattaat', 'fi'),
  (8, 'rattaat', 'fi'),
  (8, 'barnvagn', 'sv'),
  (8, 'sittvagn', 'sv'),
  (8, 'pram', 'en'),
  (8, 'stroller', 'en'),
  (8, 'pushchair', 'en'),
  (8, 'коляска', 'ru'),
  (9, 'moottoripyörä', 'fi'),
  (9, 'motoristi', 'fi'),
  (9, 'mp', 'fi'),
  (9, 'motskari', 'fi'),
  (9, 'motorcykel', 'sv'),
  (9, 'motorcycle', 'en'),
  (9, 'motorbike', 'en'),
  (9, 'мотоцикл', 'ru'),
  (10, 'mopo', 'fi'),
  (10, 'skootteri', 'fi'),
  (10, 'moped', 'sv'),
  (10, 'scooter', 'en'),
  (10, 'мопед', 'ru'),
  (10, 'скутер', 'ru'),
  (11, 'kiuas', 'fi'),
  (11, 'saunankiuas', 'fi'),
  (11, 'bastuugn', 'sv'),
  (11, 'sauna stove', 'en'),
  (11, 'каменка', 'ru'),
  (12, 'jääkaappi', 'fi'),
  (12, 'kylmälaite', 'fi'),
  (12, 'jääkaappipakastin', 'fi'),
  (12, 'kylskåp', 'sv'),
  (12, 'fridge', 'en'),
  (12, 'refrigerator', 'en'),
  (12, 'холодильник', 'ru'),
  (13, 'pesukone', 'fi'),
  (13, 'pyykinpesukone', 'fi'),
  (13, 'tvättmaskin', 'sv'),
  (13, 'washing machine', 'en'),
  (13, 'стиральная', 'ru'),
  (13, 'стиралка', 'ru'),
  (14, 'koira', 'fi'),
  (14, 'pentu', 'fi'),
  (14, 'koiranpentu', 'fi'),
  (14, 'hund', 'sv'),
  (14, 'valp', 'sv'),
  (14, 'dog', 'en'),
  (14, 'puppy', 'en'),
  (14, 'собака', 'ru'),
  (14, 'щенок', 'ru'),
  (15, 'kissa', 'fi'),
  (15, 'kissanpentu', 'fi'),
  (15, 'kisu', 'fi'),
  (15, 'katt', 'sv'),
  (15, 'kattunge', 'sv'),
  (15, 'cat', 'en'),
  (15, 'kitten', 'en'),
  (15, 'кошка', 'ru'),
  (15, 'котёнок', 'ru'),
  (15, 'котенок', 'ru'),
  (16, 'sukset', 'fi'),
  (16, 'hiihtosukset', 'fi'),
  (16, 'skidor', 'sv'),
  (16, 'skis', 'en'),
  (16, 'лыжи', 'ru'),
  (17, 'luistimet', 'fi'),
  (17, 'retkiluistimet', 'fi'),
  (17, 'skridskor', 'sv'),
  (17, 'skates', 'en'),
  (17, 'коньки', 'ru'),
  (18, 'kitara', 'fi'),
  (18, 'gitarr', 'sv'),
  (18, 'guitar', 'en'),
  (18, 'гитара', 'ru'),
  (19, 'asunto', 'fi'),
  (19, 'kerrostaloasunto', 'fi'),
  (19, 'huoneisto', 'fi'),
  (19, 'lägenhet', 'sv'),
  (19, 'apartment', 'en'),
  (19, 'flat', 'en'),
  (19, 'квартира', 'ru'),
  (20, 'talvirenkaat', 'fi'),
  (20, 'nastarenkaat', 'fi'),
  (20, 'kitkarenkaat', 'fi'),
  (20, 'nastat', 'fi'),
  (20, 'vinterdäck', 'sv'),
  (20, 'dubbdäck', 'sv'),
  (20, 'winter tyres', 'en'),
  (20, 'winter tires', 'en'),
  (20, 'зимние шины', 'ru'),
  (20, 'зимняя резина', 'ru'),
  (21, 'kesärenkaat', 'fi'),
  (21, 'sommardäck', 'sv'),
  (21, 'summer tyres', 'en'),
  (21, 'summer tires', 'en'),
  (21, 'летние шины', 'ru'),
  (21, 'летняя резина', 'ru'),
  (22, 'vanteet', 'fi'),
  (22, 'vanne', 'fi'),
  (22, 'fälgar', 'sv'),
  (22, 'fälg', 'sv'),
  (22, 'rims', 'en'),
  (22, 'wheels', 'en'),
  (22, 'диски', 'ru'),
  (23, 'pelikonsoli', 'fi'),
  (23, 'konsoli', 'fi'),
  (23, 'spelkonsol', 'sv'),
  (23, 'console', 'en'),
  (23, 'game console', 'en'),
  (23, 'приставка', 'ru'),
  (24, 'pleikkari', 'fi'),
  (24, 'pleikka', 'fi'),
  (24, 'playstation', 'en'),
  (24, 'плойка', 'ru'),
  (25, 'kuulokkeet', 'fi'),
  (25, 'luurit', 'fi'),
  (25, 'nappikuulokkeet', 'fi'),
  (25, 'hörlurar', 'sv'),
  (25, 'headphones', 'en'),
  (25, 'earphones', 'en'),
  (25, 'earbuds', 'en'),
  (25, 'наушники', 'ru'),
  (26, 'tabletti', 'fi'),
  (26, 'taulutietokone', 'fi'),
  (26, 'surfplatta', 'sv'),
  (26, 'tablet', 'en'),
  (26, 'планшет', 'ru'),
  (27, 'tietokone', 'fi'),
  (27, 'pöytäkone', 'fi'),
  (27, 'dator', 'sv'),
  (27, 'computer', 'en'),
  (27, 'desktop', 'en'),
  (27, 'компьютер', 'ru'),
  (27, 'комп', 'ru'),
  (28, 'sänky', 'fi'),
  (28, 'peti', 'fi'),
  (28, 'säng', 'sv'),
  (28, 'bed', 'en'),
  (28, 'кровать', 'ru'),
  (29, 'vaatekaappi', 'fi'),
  (29, 'garderob', 'sv'),
  (29, 'wardrobe', 'en'),
  (29, 'шкаф', 'ru'),
  (30, 'nojatuoli', 'fi'),
  (30, 'lepotuoli', 'fi'),
  (30, 'fåtölj', 'sv'),
  (30, 'armchair', 'en'),
  (30, 'кресло', 'ru'),
  (31, 'matto', 'fi'),
  (31, 'matta', 'sv'),
  (31, 'rug', 'en'),
  (31, 'carpet', 'en'),
  (31, 'ковёр', 'ru'),
  (31, 'ковер', 'ru'),
  (32, 'valaisin', 'fi'),
  (32, 'lamppu', 'fi'),
  (32, 'lampa', 'sv'),
  (32, 'lamp', 'en'),
  (32, 'лампа', 'ru'),
  (32, 'светильник', 'ru'),
  (33, 'astianpesukone', 'fi'),
  (33, 'tiskikone', 'fi'),
  (33, 'diskmaskin', 'sv'),
  (33, 'dishwasher', 'en'),
  (33, 'посудомойка', 'ru'),
  (34, 'imuri', 'fi'),
  (34, 'pölynimuri', 'fi'),
  (34, 'dammsugare', 'sv'),
  (34, 'vacuum cleaner', 'en'),
  (34, 'hoover', 'en'),
  (34, 'пылесос', 'ru'),
  (35, 'mikro', 'fi'),
  (35, 'mikroaaltouuni', 'fi'),
  (35, 'mikrovågsugn', 'sv'),
  (35, 'microwave', 'en'),
  (35, 'микроволновка', 'ru'),
  (35, 'микроволновая', 'ru'),
  (36, 'pakastin', 'fi'),
  (36, 'arkkupakastin', 'fi'),
  (36, 'frys', 'sv'),
  (36, 'frysbox', 'sv'),
  (36, 'freezer', 'en'),
  (36, 'морозильник', 'ru'),
  (37, 'lenkkarit', 'fi'),
  (37, 'lenkkitossut', 'fi'),
  (37, 'tennarit', 'fi'),
  (37, 'juoksukengät', 'fi'),
  (37, 'gympaskor', 'sv'),
  (37, 'löparskor', 'sv'),
  (37, 'sneakers', 'en'),
  (37, 'trainers', 'en'),
  (37, 'running shoes', 'en'),
  (37, 'кроссовки', 'ru'),
  (38, 'takki', 'fi'),
  (38, 'jakku', 'fi'),
  (38, 'jacka', 'sv'),
  (38, 'jacket', 'en'),
  (38, 'coat', 'en'),
  (38, 'куртка', 'ru'),
  (39, 'lastenistuin', 'fi'),
  (39, 'turvaistuin', 'fi'),
  (39, 'turvakaukalo', 'fi'),
  (39, 'bilbarnstol', 'sv'),
  (39, 'bilstol', 'sv'),
  (39, 'car seat', 'en'),
  (39, 'автокресло', 'ru'),
  (40, 'moottorikelkka', 'fi'),
  (40, 'kelkka', 'fi'),
  (40, 'snöskoter', 'sv'),
  (40, 'snowmobile', 'en'),
  (40, 'снегоход', 'ru'),
  (41, 'peräkärry', 'fi'),
  (41, 'kärry', 'fi'),
  (41, 'släpvagn', 'sv'),
  (41, 'kärra', 'sv'),
  (41, 'trailer', 'en'),
  (41, 'прицеп', 'ru'),
  (42, 'vene', 'fi'),
  (42, 'soutuvene', 'fi'),
  (42, 'båt', 'sv'),
  (42, 'roddbåt', 'sv'),
  (42, 'boat', 'en'),
  (42, 'лодка', 'ru'),
  (43, 'teltta', 'fi'),
  (43, 'tält', 'sv'),
  (43, 'tent', 'en'),
  (43, 'палатка', 'ru'),
  (44, 'mersu', 'fi'),
  (44, 'mercedes', 'fi'),
  (44, 'мерседес', 'ru'),
  (44, 'мерс', 'ru'),
  (45, 'bemari', 'fi'),
  (45, 'bmw', 'fi'),
  (45, 'бмв', 'ru'),
  (45, 'бэха', 'ru'),
  (46, 'volkkari', 'fi'),
  (46, 'volkswagen', 'fi'),
  (46, 'vw', 'fi'),
  (46, 'folka', 'sv'),
  (46, 'фольксваген', 'ru'),
  (47, 'omakotitalo', 'fi'),
  (47, 'okt', 'fi'),
  (47, 'egnahemshus', 'sv'),
  (47, 'villa', 'sv'),
  (47, 'house', 'en'),
  (47, 'detached house', 'en'),
  (47, 'дом', 'ru'),
  (47, 'коттедж', 'ru'),
  (48, 'lastenpyörä', 'fi'),
  (48, 'lasten pyörä', 'fi'),
  (48, 'barncykel', 'sv'),
  (48, 'kids bike', 'en'),
  (48, 'children bike', 'en'),
  (48, 'детский велосипед', 'ru'),
  (49, 'sähköpyörä', 'fi'),
  (49, 'sähköfillari', 'fi'),
  (49, 'elcykel', 'sv'),
  (49, 'e-bike', 'en'),
  (49, 'ebike', 'en'),
  (49, 'electric bike', 'en'),
  (49, 'электровелосипед', 'ru'),
  (50, 'maastopyörä', 'fi'),
  (50, 'mtb', 'fi'),
  (50, 'mountainbike', 'sv'),
  (50, 'mountain bike', 'en'),
  (50, 'горный велосипед', 'ru');
--> statement-breakpoint
-- Numbers with units and sizes, normalised to one token each, so that every way of writing them
-- meets: 17" = 17 tuumaa = 17 tum = R17 → 17in; 256 GB = 256gb = 256 Gt → 256gb; 205/55 R16 →
-- 205x55 and 16in; koko 42 = size 42 = storlek 42 → size42; kaksio = 2h = 2 huonetta = tvåa →
-- 2h. server/modules/products/search-units.ts does the same to a query (a test holds them equal).
CREATE FUNCTION search_units(input text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
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
--> statement-breakpoint
-- The parts of compound title words, marked with "~" so that no ordinary query word meets them:
-- every ending of four letters or more after a head of three or more ("kulmasohva" gives
-- ~sohva, ~asohva, …) with its Finnish, Swedish and English stems (~sohv), and Swedish nouns in
-- -el/-er/-en also without that e ("damcykel" gives ~cykl, which "cyklar" meets). A query looks
-- for its stems among these: "sohva" finds "kulmasohva" through the GIN index, not through a
-- regular expression over every title.
CREATE FUNCTION search_parts(title text) RETURNS text[] LANGUAGE plpgsql IMMUTABLE AS $$
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
--> statement-breakpoint
-- The search document, now also with: the title's words stemmed by all four stemmers (an ad whose
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
      '§r' || NEW.region_id, '§m' || NEW.city_id, '§c' || NEW.catalog_id
    ]);
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
DROP TRIGGER products_search_vector ON products;
--> statement-breakpoint
CREATE TRIGGER products_search_vector BEFORE INSERT OR UPDATE OF name, description, language, catalog_id, city_id, region_id, created_at ON products
  FOR EACH ROW EXECUTE FUNCTION products_search_vector();
--> statement-breakpoint
UPDATE products SET name = name;
