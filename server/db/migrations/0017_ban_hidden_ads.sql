CREATE TABLE "ban_hidden_ads" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"decision_id" integer,
	"previous_status" text NOT NULL,
	"hidden_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ban_hidden_ads" ADD CONSTRAINT "ban_hidden_ads_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ban_hidden_ads" ADD CONSTRAINT "ban_hidden_ads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ban_hidden_ads" ADD CONSTRAINT "ban_hidden_ads_decision_id_decisions_id_fk" FOREIGN KEY ("decision_id") REFERENCES "public"."decisions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ban_hidden_ads_user_idx" ON "ban_hidden_ads" USING btree ("user_id");