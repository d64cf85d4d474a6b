CREATE TABLE "catalog_slug_redirects" (
	"old_slug" text PRIMARY KEY NOT NULL,
	"catalog_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "catalog_version_one_row" CHECK ("catalog_version"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "catalogs" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_slug_redirects" ADD CONSTRAINT "catalog_slug_redirects_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_slug_redirects_catalog_idx" ON "catalog_slug_redirects" USING btree ("catalog_id");--> statement-breakpoint
-- The one row every staff change of the tree raises (see catalog.service.ts).
INSERT INTO "catalog_version" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Staff manage the category tree (issue 14): a permission of its own, granted to superAdmin and admin.
INSERT INTO "permissions" ("name", "description") VALUES
  ('categories.manage', 'Create, rename, move, reorder, hide, merge and delete ad categories')
ON CONFLICT ("name") DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT r.id, p.id FROM "roles" r JOIN "permissions" p ON (r.slug, p.name) IN (
  ('superAdmin', 'categories.manage'),
  ('admin', 'categories.manage')
)
ON CONFLICT DO NOTHING;
