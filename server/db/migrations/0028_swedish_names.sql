-- Swedish, the fourth language (issue 27): the catalog's and the blog's categories get a Swedish
-- name. Empty means not translated yet: readers then see the Finnish name (docs/decisions.md).
ALTER TABLE "catalogs" ADD COLUMN "name_sv" text;--> statement-breakpoint
ALTER TABLE "blog_categories" ADD COLUMN "name_sv" text;--> statement-breakpoint
UPDATE "blog_categories" SET "name_sv" = CASE "slug"
	WHEN 'news' THEN 'Nyheter'
	WHEN 'buying-and-selling' THEN 'Köpa och sälja'
	WHEN 'safety' THEN 'Säkerhet'
END WHERE "name_sv" IS NULL AND "slug" IN ('news', 'buying-and-selling', 'safety');
