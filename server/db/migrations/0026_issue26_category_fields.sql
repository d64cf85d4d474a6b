CREATE TABLE "catalog_attributes" (
	"id" serial PRIMARY KEY NOT NULL,
	"catalog_id" integer NOT NULL,
	"key" text NOT NULL,
	"type" text NOT NULL,
	"unit" text,
	"min" double precision,
	"max" double precision,
	"decimals" smallint DEFAULT 0 NOT NULL,
	"labels" jsonb NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"filter" boolean DEFAULT false NOT NULL,
	"card" smallint,
	"position" integer DEFAULT 0 NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_attributes_catalog_key_unique" UNIQUE("catalog_id","key"),
	CONSTRAINT "catalog_attributes_key_format" CHECK ("catalog_attributes"."key" ~ '^[a-z][a-z0-9_]{0,39}$'),
	CONSTRAINT "catalog_attributes_decimals" CHECK ("catalog_attributes"."decimals" between 0 and 3),
	CONSTRAINT "catalog_attributes_bounds" CHECK ("catalog_attributes"."min" is null or "catalog_attributes"."max" is null or "catalog_attributes"."min" <= "catalog_attributes"."max")
);
--> statement-breakpoint
CREATE TABLE "product_numbers" (
	"product_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" double precision NOT NULL,
	CONSTRAINT "product_numbers_product_id_key_pk" PRIMARY KEY("product_id","key")
);
--> statement-breakpoint
DROP INDEX "products_active_created_idx";--> statement-breakpoint
DROP INDEX "products_active_price_idx";--> statement-breakpoint
DROP INDEX "products_active_catalog_idx";--> statement-breakpoint
DROP INDEX "products_active_region_idx";--> statement-breakpoint
DROP INDEX "products_active_city_idx";--> statement-breakpoint
DROP INDEX "products_active_region_catalog_idx";--> statement-breakpoint
DROP INDEX "products_active_city_catalog_idx";--> statement-breakpoint
DROP INDEX "products_active_kind_idx";--> statement-breakpoint
DROP INDEX "products_search_idx";--> statement-breakpoint
DROP INDEX "products_name_trgm_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "attributes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_attributes" ADD CONSTRAINT "catalog_attributes_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_numbers" ADD CONSTRAINT "product_numbers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_attributes_catalog_idx" ON "catalog_attributes" USING btree ("catalog_id","position");--> statement-breakpoint
CREATE INDEX "product_numbers_key_value_idx" ON "product_numbers" USING btree ("key","value","product_id");--> statement-breakpoint
CREATE INDEX "products_active_created_idx" ON "products" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status in ('active', 'reserved');--> statement-breakpoint
CREATE INDEX "products_active_price_idx" ON "products" USING btree ("price_cents","id") WHERE status in ('active', 'reserved');--> statement-breakpoint
CREATE INDEX "products_active_catalog_idx" ON "products" USING btree ("catalog_id","created_at" DESC NULLS LAST) WHERE status in ('active', 'reserved');--> statement-breakpoint
CREATE INDEX "products_active_region_idx" ON "products" USING btree ("region_id","created_at" DESC NULLS LAST) WHERE status in ('active', 'reserved');--> statement-breakpoint
CREATE INDEX "products_active_city_idx" ON "products" USING btree ("city_id","created_at" DESC NULLS LAST) WHERE status in ('active', 'reserved');--> statement-breakpoint
CREATE INDEX "products_active_region_catalog_idx" ON "products" USING btree ("region_id","catalog_id") WHERE status in ('active', 'reserved');--> statement-breakpoint
CREATE INDEX "products_active_city_catalog_idx" ON "products" USING btree ("city_id","catalog_id") WHERE status in ('active', 'reserved');--> statement-breakpoint
CREATE INDEX "products_active_kind_idx" ON "products" USING btree ("kind","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status in ('active', 'reserved');--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector") WHERE status in ('active', 'reserved');--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin (lower("name") gin_trgm_ops) WHERE status in ('active', 'reserved');
--> statement-breakpoint
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
--> statement-breakpoint
-- The search document as in 0020, with the category fields' lexemes.
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
    ] || catalog_lexemes(NEW.catalog_id) || attribute_lexemes(NEW.catalog_id, NEW.attributes));
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
CREATE TRIGGER products_search_vector BEFORE INSERT OR UPDATE OF name, description, language, catalog_id, city_id, region_id, created_at, attributes ON products
  FOR EACH ROW EXECUTE FUNCTION products_search_vector();
