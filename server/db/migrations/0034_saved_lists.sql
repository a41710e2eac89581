CREATE TABLE "saved_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"owner_id" uuid,
	"shared" boolean DEFAULT false NOT NULL,
	"filter" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_lists" ADD CONSTRAINT "saved_lists_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_lists_owner_name_key" ON "saved_lists" USING btree ("owner_id",lower("name"));--> statement-breakpoint
CREATE INDEX "saved_lists_shared_idx" ON "saved_lists" USING btree ("name") WHERE "saved_lists"."shared";--> statement-breakpoint
CREATE INDEX "member_directory_birth_month_idx" ON "member_directory" USING btree (extract(month from "date_of_birth"),"sur_name","first_name","user_id") WHERE not "member_directory"."archived";