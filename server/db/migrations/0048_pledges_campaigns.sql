CREATE TABLE "giving_campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"fund_id" uuid NOT NULL,
	"goal" bigint NOT NULL,
	"currency" text DEFAULT 'NGN' NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "giving_campaigns_goal_positive" CHECK ("giving_campaigns"."goal" > 0),
	CONSTRAINT "giving_campaigns_period" CHECK ("giving_campaigns"."ends_on" >= "giving_campaigns"."starts_on")
);
--> statement-breakpoint
CREATE TABLE "pledges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"giver_id" uuid,
	"household_id" uuid,
	"fund_id" uuid NOT NULL,
	"campaign_id" uuid,
	"amount" bigint NOT NULL,
	"currency" text DEFAULT 'NGN' NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"note" text,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pledges_one_giver" CHECK (num_nonnulls("pledges"."giver_id", "pledges"."household_id") = 1),
	CONSTRAINT "pledges_amount_positive" CHECK ("pledges"."amount" > 0),
	CONSTRAINT "pledges_period" CHECK ("pledges"."ends_on" >= "pledges"."starts_on")
);
--> statement-breakpoint
ALTER TABLE "giving_campaigns" ADD CONSTRAINT "giving_campaigns_fund_id_giving_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."giving_funds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledges" ADD CONSTRAINT "pledges_giver_id_users_id_fk" FOREIGN KEY ("giver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledges" ADD CONSTRAINT "pledges_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledges" ADD CONSTRAINT "pledges_fund_id_giving_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."giving_funds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledges" ADD CONSTRAINT "pledges_campaign_id_giving_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."giving_campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "giving_campaigns_name_key" ON "giving_campaigns" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "giving_campaigns_fund_idx" ON "giving_campaigns" USING btree ("fund_id");--> statement-breakpoint
CREATE INDEX "pledges_giver_idx" ON "pledges" USING btree ("giver_id");--> statement-breakpoint
CREATE INDEX "pledges_household_idx" ON "pledges" USING btree ("household_id");--> statement-breakpoint
CREATE INDEX "pledges_campaign_idx" ON "pledges" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "pledges_fund_idx" ON "pledges" USING btree ("fund_id","starts_on");--> statement-breakpoint
CREATE INDEX "contributions_date_idx" ON "contributions" USING btree ("date");