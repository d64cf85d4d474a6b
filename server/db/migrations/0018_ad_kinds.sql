-- Kinds of ad (for sale, wanted, giving away, for rent): every ad so far was for sale. A constant
-- default adds the column without rewriting the table. The kind filter gets its own partial index
-- (the rarer kinds newest first); price range and "posted within" use the price and date indexes.
ALTER TABLE "products" ADD COLUMN "kind" text DEFAULT 'sell' NOT NULL;--> statement-breakpoint
CREATE INDEX "products_active_kind_idx" ON "products" USING btree ("kind","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'active';--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_give_is_free" CHECK ("products"."kind" <> 'give' or "products"."price_cents" = 0);
