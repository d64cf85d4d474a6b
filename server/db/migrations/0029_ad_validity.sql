ALTER TABLE "products" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "expiry_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
-- Ads shown today run from their approval (or, never approved, their publishing): 60 days, jobs 30
-- (the app settings' defaults). An ad that would end within a week gets a week, so no one loses
-- an ad at the upgrade without a reminder first.
WITH RECURSIVE job_catalogs(id) AS (
  SELECT id FROM "catalogs" WHERE slug = 'jobs' AND parent_id IS NULL
  UNION ALL
  SELECT c.id FROM "catalogs" c JOIN job_catalogs j ON c.parent_id = j.id
)
UPDATE "products" p SET "expires_at" = greatest(
  coalesce(p."approved_at", p."created_at")
    + make_interval(days => CASE WHEN p."catalog_id" IN (SELECT id FROM job_catalogs) THEN 30 ELSE 60 END),
  now() + interval '7 days'
)
WHERE p."status" IN ('active', 'reserved');--> statement-breakpoint
CREATE INDEX "products_active_expires_idx" ON "products" USING btree ("expires_at") WHERE status = 'active' and archived_at is null;
