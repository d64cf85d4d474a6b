CREATE TABLE "deals" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer,
	"seller_id" integer,
	"buyer_id" integer,
	"room_id" integer,
	"kind" text DEFAULT 'sold' NOT NULL,
	"subject" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deals_product_id_unique" UNIQUE("product_id")
);
--> statement-breakpoint
CREATE TABLE "picture_hashes" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_image_id" integer,
	"chat_message_id" bigint,
	"product_id" integer,
	"user_id" integer,
	"hash" bigint NOT NULL,
	"band0" integer NOT NULL,
	"band1" integer NOT NULL,
	"band2" integer NOT NULL,
	"band3" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "picture_hashes_product_image_id_unique" UNIQUE("product_image_id"),
	CONSTRAINT "picture_hashes_chat_message_id_unique" UNIQUE("chat_message_id")
);
--> statement-breakpoint
CREATE TABLE "ratings" (
	"id" serial PRIMARY KEY NOT NULL,
	"deal_id" integer NOT NULL,
	"rater_id" integer,
	"rated_id" integer NOT NULL,
	"rater_role" text NOT NULL,
	"stars" smallint NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ratings_deal_role_unique" UNIQUE("deal_id","rater_role"),
	CONSTRAINT "ratings_stars_range" CHECK ("ratings"."stars" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "identity_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "identity_method" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "identity_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "trader" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "business_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_address" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_phone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "held_reason" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "flags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "safety" text[];--> statement-breakpoint
ALTER TABLE "decisions" ADD COLUMN "rating_id" integer;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_room_id_chat_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."chat_rooms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picture_hashes" ADD CONSTRAINT "picture_hashes_product_image_id_product_images_id_fk" FOREIGN KEY ("product_image_id") REFERENCES "public"."product_images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picture_hashes" ADD CONSTRAINT "picture_hashes_chat_message_id_chat_messages_id_fk" FOREIGN KEY ("chat_message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picture_hashes" ADD CONSTRAINT "picture_hashes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picture_hashes" ADD CONSTRAINT "picture_hashes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_rater_id_users_id_fk" FOREIGN KEY ("rater_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_rated_id_users_id_fk" FOREIGN KEY ("rated_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deals_seller_idx" ON "deals" USING btree ("seller_id");--> statement-breakpoint
CREATE INDEX "deals_buyer_idx" ON "deals" USING btree ("buyer_id");--> statement-breakpoint
CREATE INDEX "picture_hashes_band0_idx" ON "picture_hashes" USING btree ("band0","created_at");--> statement-breakpoint
CREATE INDEX "picture_hashes_band1_idx" ON "picture_hashes" USING btree ("band1","created_at");--> statement-breakpoint
CREATE INDEX "picture_hashes_band2_idx" ON "picture_hashes" USING btree ("band2","created_at");--> statement-breakpoint
CREATE INDEX "picture_hashes_band3_idx" ON "picture_hashes" USING btree ("band3","created_at");--> statement-breakpoint
CREATE INDEX "picture_hashes_product_idx" ON "picture_hashes" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "ratings_rated_idx" ON "ratings" USING btree ("rated_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "chat_messages_safety_sender_idx" ON "chat_messages" USING btree ("sender_id","created_at") WHERE "chat_messages"."safety" is not null;