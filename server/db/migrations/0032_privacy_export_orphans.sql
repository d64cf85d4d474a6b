-- An export of an account deleted before its link ended keeps its row (user_id null) until the
-- retention job has deleted its file from storage (issue 27).
ALTER TABLE "privacy_exports" DROP CONSTRAINT "privacy_exports_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "privacy_exports" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "privacy_exports" ADD CONSTRAINT "privacy_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
