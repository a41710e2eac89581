ALTER TABLE "notifications" ADD COLUMN "link" text;--> statement-breakpoint
-- Notifications of member requests lead to the requests page.
UPDATE "notifications" SET "link" = '/requests' WHERE "request_id" IS NOT NULL;
