CREATE TABLE "contribution_splits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contribution_id" uuid NOT NULL,
	"fund_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "contribution_splits_amount_positive" CHECK ("contribution_splits"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "contributions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid,
	"giver_id" uuid,
	"date" date NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text DEFAULT 'NGN' NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"kind" text DEFAULT 'gift' NOT NULL,
	"corrects_id" uuid,
	"reason" text,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contributions_amount_positive" CHECK ("contributions"."amount" > 0),
	CONSTRAINT "contributions_kind" CHECK ("contributions"."kind" in ('gift', 'refund', 'reversal')),
	CONSTRAINT "contributions_method" CHECK ("contributions"."method" in ('cash', 'transfer', 'card', 'POS', 'cheque')),
	CONSTRAINT "contributions_points_back" CHECK ("contributions"."kind" = 'gift' or "contributions"."corrects_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "giving_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"date" date NOT NULL,
	"currency" text DEFAULT 'NGN' NOT NULL,
	"counted_total" bigint NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"created_by" uuid,
	"posted_by" uuid,
	"posted_at" timestamp with time zone,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "giving_batches_counted_positive" CHECK ("giving_batches"."counted_total" > 0),
	CONSTRAINT "giving_batches_state" CHECK ("giving_batches"."state" in ('open', 'posted', 'approved'))
);
--> statement-breakpoint
CREATE TABLE "giving_funds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contribution_splits" ADD CONSTRAINT "contribution_splits_contribution_id_contributions_id_fk" FOREIGN KEY ("contribution_id") REFERENCES "public"."contributions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contribution_splits" ADD CONSTRAINT "contribution_splits_fund_id_giving_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."giving_funds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contributions" ADD CONSTRAINT "contributions_batch_id_giving_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."giving_batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contributions" ADD CONSTRAINT "contributions_giver_id_users_id_fk" FOREIGN KEY ("giver_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contributions" ADD CONSTRAINT "contributions_corrects_id_contributions_id_fk" FOREIGN KEY ("corrects_id") REFERENCES "public"."contributions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contribution_splits_contribution_idx" ON "contribution_splits" USING btree ("contribution_id");--> statement-breakpoint
CREATE INDEX "contribution_splits_fund_idx" ON "contribution_splits" USING btree ("fund_id");--> statement-breakpoint
CREATE INDEX "contributions_batch_idx" ON "contributions" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "contributions_giver_idx" ON "contributions" USING btree ("giver_id","date");--> statement-breakpoint
CREATE INDEX "contributions_corrects_idx" ON "contributions" USING btree ("corrects_id");--> statement-breakpoint
CREATE INDEX "giving_batches_date_idx" ON "giving_batches" USING btree ("date");--> statement-breakpoint
CREATE UNIQUE INDEX "giving_funds_name_key" ON "giving_funds" USING btree (lower("name"));