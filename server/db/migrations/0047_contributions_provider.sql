ALTER TABLE "contributions" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "contributions" ADD COLUMN "awaiting_match" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contributions" ADD COLUMN "payer" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "contributions_provider_reference_key" ON "contributions" USING btree ("provider","reference");--> statement-breakpoint
CREATE INDEX "contributions_awaiting_match_idx" ON "contributions" USING btree ("created_at") WHERE "contributions"."awaiting_match";--> statement-breakpoint
ALTER TABLE "contributions" ADD CONSTRAINT "contributions_provider" CHECK ("contributions"."provider" is null or "contributions"."provider" = 'paystack');