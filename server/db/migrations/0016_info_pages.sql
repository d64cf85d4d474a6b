CREATE TABLE "info_page_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"page_id" integer NOT NULL,
	"title" text NOT NULL,
	"body_html" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"restored_from" integer
);
--> statement-breakpoint
CREATE TABLE "info_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"locale" text NOT NULL,
	"title" text NOT NULL,
	"body_html" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "info_page_versions" ADD CONSTRAINT "info_page_versions_page_id_info_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."info_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "info_page_versions" ADD CONSTRAINT "info_page_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "info_page_versions" ADD CONSTRAINT "info_page_versions_restored_from_info_page_versions_id_fk" FOREIGN KEY ("restored_from") REFERENCES "public"."info_page_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "info_pages" ADD CONSTRAINT "info_pages_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "info_page_versions_page_idx" ON "info_page_versions" USING btree ("page_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "info_pages_slug_locale_key" ON "info_pages" USING btree ("slug","locale");