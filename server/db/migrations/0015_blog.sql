CREATE TABLE "blog_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name_fi" text NOT NULL,
	"name_en" text NOT NULL,
	"name_ru" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blog_categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "blog_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"locale" text NOT NULL,
	"translation_group" uuid DEFAULT gen_random_uuid() NOT NULL,
	"category_id" integer,
	"status" text DEFAULT 'draft' NOT NULL,
	"publish_at" timestamp with time zone,
	"title" text NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"body_html" text DEFAULT '' NOT NULL,
	"cover_url" text,
	"cover_width" integer,
	"cover_height" integer,
	"cover_alt" text DEFAULT '' NOT NULL,
	"author_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blog_posts_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_category_id_blog_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."blog_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "blog_posts_group_locale_key" ON "blog_posts" USING btree ("translation_group","locale");--> statement-breakpoint
CREATE INDEX "blog_posts_public_idx" ON "blog_posts" USING btree ("locale","publish_at" DESC NULLS LAST) WHERE "blog_posts"."status" in ('published', 'scheduled');--> statement-breakpoint
CREATE INDEX "blog_posts_category_idx" ON "blog_posts" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "blog_posts_status_updated_idx" ON "blog_posts" USING btree ("status","updated_at");--> statement-breakpoint
INSERT INTO "blog_categories" ("slug", "name_fi", "name_en", "name_ru", "position") VALUES
	('news', 'Uutiset', 'News', 'Новости', 1),
	('buying-and-selling', 'Ostaminen ja myyminen', 'Buying and selling', 'Покупка и продажа', 2),
	('safety', 'Turvallisuus', 'Safety', 'Безопасность', 3)
ON CONFLICT ("slug") DO NOTHING;
