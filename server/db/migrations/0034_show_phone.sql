-- A seller may show their profile's phone number on their ads, behind a "show number" press (issue 30, item 12).
ALTER TABLE "users" ADD COLUMN "show_phone" boolean DEFAULT false NOT NULL;
