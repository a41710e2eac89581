CREATE TABLE "cih_activity_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"center_id" uuid NOT NULL,
	"report_date" date NOT NULL,
	"topic" text NOT NULL,
	"testimonies" text,
	"prayer_requests" text,
	"challenges" text,
	"souls_won" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"author_id" uuid,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cih_activity_reports_status_check" CHECK ("cih_activity_reports"."status" in ('draft', 'submitted'))
);
--> statement-breakpoint
CREATE TABLE "cih_attendance_marks" (
	"meeting_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"present" boolean NOT NULL,
	CONSTRAINT "cih_attendance_marks_meeting_id_user_id_pk" PRIMARY KEY("meeting_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "cih_follow_ups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"center_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"follow_up_date" date NOT NULL,
	"channel" text NOT NULL,
	"outcome" text,
	"next_step" text,
	"status" text DEFAULT 'open' NOT NULL,
	"author_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cih_follow_ups_channel_check" CHECK ("cih_follow_ups"."channel" in ('visit', 'call', 'message')),
	CONSTRAINT "cih_follow_ups_reason_check" CHECK ("cih_follow_ups"."reason" in ('firstTimer', 'absentee')),
	CONSTRAINT "cih_follow_ups_status_check" CHECK ("cih_follow_ups"."status" in ('open', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "cih_inspection_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"center_id" uuid NOT NULL,
	"visit_date" date NOT NULL,
	"inspector_id" uuid,
	"punctuality" smallint NOT NULL,
	"venue_condition" smallint NOT NULL,
	"leadership" smallint NOT NULL,
	"materials" smallint NOT NULL,
	"remarks" text,
	"recommendations" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cih_inspection_reports_scores_check" CHECK ("cih_inspection_reports"."punctuality" between 1 and 5 and "cih_inspection_reports"."venue_condition" between 1 and 5 and "cih_inspection_reports"."leadership" between 1 and 5 and "cih_inspection_reports"."materials" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "cih_meetings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"center_id" uuid NOT NULL,
	"meeting_date" date NOT NULL,
	"taken_by" uuid,
	"children_count" integer DEFAULT 0 NOT NULL,
	"offering" numeric(12, 2),
	"notes" text,
	"present_count" integer DEFAULT 0 NOT NULL,
	"members_count" integer DEFAULT 0 NOT NULL,
	"visitor_count" integer DEFAULT 0 NOT NULL,
	"first_timer_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cih_visitors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"meeting_id" uuid NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"first_timer" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cih_activity_reports" ADD CONSTRAINT "cih_activity_reports_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cih_activity_reports" ADD CONSTRAINT "cih_activity_reports_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cih_attendance_marks" ADD CONSTRAINT "cih_attendance_marks_meeting_id_cih_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."cih_meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cih_attendance_marks" ADD CONSTRAINT "cih_attendance_marks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cih_follow_ups" ADD CONSTRAINT "cih_follow_ups_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cih_follow_ups" ADD CONSTRAINT "cih_follow_ups_person_id_users_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cih_follow_ups" ADD CONSTRAINT "cih_follow_ups_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cih_inspection_reports" ADD CONSTRAINT "cih_inspection_reports_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cih_inspection_reports" ADD CONSTRAINT "cih_inspection_reports_inspector_id_users_id_fk" FOREIGN KEY ("inspector_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cih_meetings" ADD CONSTRAINT "cih_meetings_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cih_meetings" ADD CONSTRAINT "cih_meetings_taken_by_users_id_fk" FOREIGN KEY ("taken_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cih_visitors" ADD CONSTRAINT "cih_visitors_meeting_id_cih_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."cih_meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cih_activity_reports_center_date_idx" ON "cih_activity_reports" USING btree ("center_id","report_date");--> statement-breakpoint
CREATE INDEX "cih_attendance_marks_user_idx" ON "cih_attendance_marks" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "cih_follow_ups_center_date_idx" ON "cih_follow_ups" USING btree ("center_id","follow_up_date");--> statement-breakpoint
CREATE INDEX "cih_follow_ups_person_idx" ON "cih_follow_ups" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "cih_inspection_reports_center_date_idx" ON "cih_inspection_reports" USING btree ("center_id","visit_date");--> statement-breakpoint
CREATE UNIQUE INDEX "cih_meetings_center_date_key" ON "cih_meetings" USING btree ("center_id","meeting_date");--> statement-breakpoint
CREATE INDEX "cih_meetings_date_idx" ON "cih_meetings" USING btree ("meeting_date");--> statement-breakpoint
CREATE INDEX "cih_visitors_meeting_idx" ON "cih_visitors" USING btree ("meeting_id");