ALTER TABLE "contributions" ADD COLUMN "approved_by" uuid;--> statement-breakpoint
ALTER TABLE "contributions" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
-- Refunds and corrections recorded before approval was asked of them counted when written: they stay counted.
UPDATE "contributions" SET "approved_at" = "created_at" WHERE "batch_id" IS NULL;
