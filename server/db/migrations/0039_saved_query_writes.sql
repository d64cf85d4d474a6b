-- Matching new ads from memory (issue 29, server/modules/alerts/percolator.ts): a process keeps the
-- compiled saved queries in memory and, before it matches an ad, reads the queries written since it
-- last looked. Each row carries the id of the transaction that last wrote it (set by the trigger on
-- every update, however it is written), so a reader that remembers its last snapshot's xmin misses
-- no transaction, however long it ran or in whichever order they committed.
ALTER TABLE "saved_search_queries" ADD COLUMN IF NOT EXISTS "written_xid" xid8 NOT NULL DEFAULT pg_current_xact_id();--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "saved_search_queries_written_xid_idx" ON "saved_search_queries" ("written_xid");--> statement-breakpoint
-- Statistics of the new column now: without them the catch-up's `written_xid >= …` is planned as a scan of every row.
ANALYZE "saved_search_queries";--> statement-breakpoint
CREATE OR REPLACE FUNCTION saved_search_queries_note_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.written_xid := pg_current_xact_id();
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS saved_search_queries_written ON saved_search_queries;--> statement-breakpoint
CREATE TRIGGER saved_search_queries_written BEFORE INSERT OR UPDATE ON saved_search_queries
  FOR EACH ROW EXECUTE FUNCTION saved_search_queries_note_write();
