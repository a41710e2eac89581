CREATE TABLE "member_stages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"started_on" date NOT NULL,
	"set_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_stages_stage_check" CHECK (stage in ('visitor', 'first-timer', 'member', 'worker', 'leader'))
);
--> statement-breakpoint
CREATE TABLE "care_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"author_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_directory" ADD COLUMN "stage" text;--> statement-breakpoint
ALTER TABLE "member_stages" ADD CONSTRAINT "member_stages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_stages" ADD CONSTRAINT "member_stages_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_notes" ADD CONSTRAINT "care_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_notes" ADD CONSTRAINT "care_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_stages_user_idx" ON "member_stages" USING btree ("user_id","started_on","created_at");--> statement-breakpoint
CREATE INDEX "care_notes_user_idx" ON "care_notes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "member_directory_stage_idx" ON "member_directory" USING btree ("stage","sur_name","first_name","user_id") WHERE not "member_directory"."archived";--> statement-breakpoint
CREATE INDEX "member_requests_user_idx" ON "member_requests" USING btree ("user_id");