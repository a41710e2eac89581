CREATE TABLE "accessories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"custodian_id" uuid,
	"quantity" integer DEFAULT 0 NOT NULL,
	"condition" text,
	"location" text
);
--> statement-breakpoint
CREATE TABLE "department_delistings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"department_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"was_primary" boolean DEFAULT false NOT NULL,
	"delisted_by" uuid,
	"delisted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_by" uuid,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "means_of_identification" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"requires_number" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ministries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"leader_id" uuid
);
--> statement-breakpoint
CREATE TABLE "mountains_of_influence" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"leader_id" uuid
);
--> statement-breakpoint
CREATE TABLE "special_units" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"leader_id" uuid,
	"ministry_id" uuid
);
--> statement-breakpoint
CREATE TABLE "units" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"leader_id" uuid,
	"ministry_id" uuid
);
--> statement-breakpoint
ALTER TABLE "accessories" ADD CONSTRAINT "accessories_custodian_id_users_id_fk" FOREIGN KEY ("custodian_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_delistings" ADD CONSTRAINT "department_delistings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_delistings" ADD CONSTRAINT "department_delistings_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_delistings" ADD CONSTRAINT "department_delistings_delisted_by_users_id_fk" FOREIGN KEY ("delisted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_delistings" ADD CONSTRAINT "department_delistings_undone_by_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ministries" ADD CONSTRAINT "ministries_leader_id_users_id_fk" FOREIGN KEY ("leader_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mountains_of_influence" ADD CONSTRAINT "mountains_of_influence_leader_id_users_id_fk" FOREIGN KEY ("leader_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "special_units" ADD CONSTRAINT "special_units_leader_id_users_id_fk" FOREIGN KEY ("leader_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "special_units" ADD CONSTRAINT "special_units_ministry_id_ministries_id_fk" FOREIGN KEY ("ministry_id") REFERENCES "public"."ministries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_leader_id_users_id_fk" FOREIGN KEY ("leader_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_ministry_id_ministries_id_fk" FOREIGN KEY ("ministry_id") REFERENCES "public"."ministries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accessories_name_key" ON "accessories" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "accessories_code_key" ON "accessories" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "department_delistings_department_idx" ON "department_delistings" USING btree ("department_id","delisted_at");--> statement-breakpoint
CREATE INDEX "department_delistings_user_idx" ON "department_delistings" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "means_of_identification_name_key" ON "means_of_identification" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "means_of_identification_code_key" ON "means_of_identification" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "ministries_name_key" ON "ministries" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "ministries_code_key" ON "ministries" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "mountains_of_influence_name_key" ON "mountains_of_influence" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "mountains_of_influence_code_key" ON "mountains_of_influence" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "special_units_name_key" ON "special_units" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "special_units_code_key" ON "special_units" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "units_name_key" ON "units" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "units_code_key" ON "units" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "church_affiliations_zone_idx" ON "church_affiliations" USING btree ("zone_id");--> statement-breakpoint
CREATE INDEX "church_affiliations_center_idx" ON "church_affiliations" USING btree ("center_id");--> statement-breakpoint
CREATE INDEX "user_departments_department_idx" ON "user_departments" USING btree ("department_id");