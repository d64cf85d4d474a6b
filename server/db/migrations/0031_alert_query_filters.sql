-- Alert matching (issue 29): a candidate query's filters are read from an index (index-only), not
-- from its row of ~1 kB (its jsonb and its words' tsquery); only the queries whose filters pass and
-- that have words read the row, for the tsquery.
ALTER TABLE "saved_search_queries" ADD COLUMN "has_words" boolean GENERATED ALWAYS AS ("words" IS NOT NULL) STORED;--> statement-breakpoint
CREATE INDEX "saved_search_queries_filters_idx" ON "saved_search_queries" USING btree ("id") INCLUDE ("compiled_with","fallback","has_words","catalog_ids","city_ids","region_ids","price_from_cents","price_to_cents","kinds","with_images","posted_within_days");
