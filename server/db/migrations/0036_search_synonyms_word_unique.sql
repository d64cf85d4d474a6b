-- Staff edit the synonym groups (issue 28): a word belongs to one group only, so a group never
-- chains into another; the database holds it however two edits meet.
ALTER TABLE "search_synonyms" DROP CONSTRAINT IF EXISTS "search_synonyms_group_word_unique";--> statement-breakpoint
DROP INDEX IF EXISTS "search_synonyms_word_idx";--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "search_synonyms_word_unique" ON "search_synonyms" ("word");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_synonyms_group_idx" ON "search_synonyms" ("group_id");
