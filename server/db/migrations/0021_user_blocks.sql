CREATE TABLE "user_blocks" (
	"blocker_id" integer NOT NULL,
	"blocked_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_blocks_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id"),
	CONSTRAINT "user_blocks_not_self" CHECK ("user_blocks"."blocker_id" <> "user_blocks"."blocked_id")
);
--> statement-breakpoint
ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_blocker_id_users_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_blocked_id_users_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_blocks_blocked_idx" ON "user_blocks" USING btree ("blocked_id");--> statement-breakpoint
-- A room's block becomes a block of the other member, as of the earliest room that blocked them.
INSERT INTO "user_blocks" ("blocker_id", "blocked_id", "created_at")
SELECT r."blocked_by", m."user_id", coalesce(min(r."blocked_at"), now())
FROM "chat_rooms" r
JOIN "chat_members" m ON m."room_id" = r."id" AND m."user_id" <> r."blocked_by"
WHERE r."blocked_by" IS NOT NULL
GROUP BY r."blocked_by", m."user_id"
ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "chat_rooms" DROP CONSTRAINT "chat_rooms_blocked_by_users_id_fk";--> statement-breakpoint
ALTER TABLE "chat_rooms" DROP COLUMN "blocked_by";--> statement-breakpoint
ALTER TABLE "chat_rooms" DROP COLUMN "blocked_at";
