CREATE TABLE "saved_search_queries" (
	"id" serial PRIMARY KEY NOT NULL,
	"query" jsonb NOT NULL,
	"fingerprint" text GENERATED ALWAYS AS (md5(query::text)) STORED NOT NULL,
	"compiled_with" text,
	"fallback" boolean DEFAULT false NOT NULL,
	"words" "tsquery",
	"catalog_ids" integer[],
	"city_ids" integer[],
	"region_ids" integer[],
	"price_from_cents" bigint,
	"price_to_cents" bigint,
	"kinds" text[],
	"with_images" boolean DEFAULT false NOT NULL,
	"posted_within_days" integer
);
--> statement-breakpoint
CREATE TABLE "saved_search_query_keys" (
	"key" text NOT NULL,
	"query_id" integer NOT NULL,
	CONSTRAINT "saved_search_query_keys_key_query_id_pk" PRIMARY KEY("key","query_id")
);
--> statement-breakpoint
DROP INDEX "saved_searches_match_key_idx";--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "query_id" integer;--> statement-breakpoint
-- Each distinct stored query once, not compiled yet: the rekey job compiles it (alerts.service.ts).
INSERT INTO "saved_search_queries" ("query") SELECT DISTINCT "query" FROM "saved_searches";--> statement-breakpoint
UPDATE "saved_searches" s SET "query_id" = q."id" FROM "saved_search_queries" q WHERE q."fingerprint" = md5(s."query"::text);--> statement-breakpoint
ALTER TABLE "saved_searches" ALTER COLUMN "query_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_search_query_keys" ADD CONSTRAINT "saved_search_query_keys_query_id_saved_search_queries_id_fk" FOREIGN KEY ("query_id") REFERENCES "public"."saved_search_queries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_search_queries_fingerprint_idx" ON "saved_search_queries" USING btree ("fingerprint");--> statement-breakpoint
CREATE INDEX "saved_search_queries_uncompiled_idx" ON "saved_search_queries" USING btree ("id") WHERE "saved_search_queries"."compiled_with" is null;--> statement-breakpoint
CREATE INDEX "saved_search_query_keys_query_idx" ON "saved_search_query_keys" USING btree ("query_id");--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_query_id_saved_search_queries_id_fk" FOREIGN KEY ("query_id") REFERENCES "public"."saved_search_queries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_searches_query_idx" ON "saved_searches" USING btree ("query_id");--> statement-breakpoint
ALTER TABLE "saved_searches" DROP COLUMN "match_key";--> statement-breakpoint
ALTER TABLE "saved_searches" DROP COLUMN "match_key_of";