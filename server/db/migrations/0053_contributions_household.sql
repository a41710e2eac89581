ALTER TABLE "contributions" ADD COLUMN "household_id" uuid;--> statement-breakpoint
ALTER TABLE "contributions" ADD CONSTRAINT "contributions_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contributions_household_idx" ON "contributions" USING btree ("household_id","date");--> statement-breakpoint
ALTER TABLE "contributions" ADD CONSTRAINT "contributions_one_giver" CHECK (num_nonnulls("contributions"."giver_id", "contributions"."household_id") <= 1);