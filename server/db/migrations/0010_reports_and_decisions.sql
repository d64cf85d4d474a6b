CREATE TABLE "decisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"product_id" integer,
	"user_id" integer,
	"rule" text NOT NULL,
	"facts" text NOT NULL,
	"previous_status" text,
	"decided_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"appeal_text" text,
	"appealed_at" timestamp with time zone,
	"appeal_outcome" text,
	"appeal_note" text,
	"appeal_decided_by" integer,
	"appeal_decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "reports" ALTER COLUMN "subject_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "reporter_email" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "reporter_name" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "locale" text DEFAULT 'fi' NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "resolution_note" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "decision_id" integer;--> statement-breakpoint
ALTER TABLE "decisions" ADD CONSTRAINT "decisions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decisions" ADD CONSTRAINT "decisions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decisions" ADD CONSTRAINT "decisions_appeal_decided_by_users_id_fk" FOREIGN KEY ("appeal_decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "decisions_product_idx" ON "decisions" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "decisions_user_idx" ON "decisions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "decisions_open_appeals_idx" ON "decisions" USING btree ("appealed_at") WHERE "decisions"."appealed_at" is not null and "decisions"."appeal_outcome" is null;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_decision_id_decisions_id_fk" FOREIGN KEY ("decision_id") REFERENCES "public"."decisions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Conversation reports made before this rule: a person's later open duplicates are closed, so the unique index can be built.
UPDATE "reports" AS r SET "status" = 'resolved', "resolution" = 'no_action', "resolved_at" = now(), "resolution_note" = 'Duplicate of an earlier open report'
WHERE r."status" = 'open' AND r."reporter_id" IS NOT NULL AND EXISTS (
  SELECT 1 FROM "reports" o WHERE o."status" = 'open' AND o."subject_type" = r."subject_type" AND o."subject_id" = r."subject_id" AND o."reporter_id" = r."reporter_id" AND o."id" < r."id"
);--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_by_member_key" ON "reports" USING btree ("subject_type","subject_id","reporter_id") WHERE "reports"."status" = 'open' and "reports"."reporter_id" is not null and "reports"."subject_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_by_address_key" ON "reports" USING btree ("subject_type","subject_id",lower("reporter_email")) WHERE "reports"."status" = 'open' and "reports"."reporter_id" is null and "reports"."subject_id" is not null;