ALTER TABLE "cih_visitors" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "cih_visitors" ADD COLUMN "first_timer_id" uuid;--> statement-breakpoint
ALTER TABLE "cih_visitors" ADD CONSTRAINT "cih_visitors_first_timer_id_users_id_fk" FOREIGN KEY ("first_timer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cih_visitors_first_timer_idx" ON "cih_visitors" USING btree ("first_timer_id") WHERE "cih_visitors"."first_timer_id" is not null;