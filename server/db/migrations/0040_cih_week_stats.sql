CREATE TABLE "cih_week_stats" (
	"center_id" uuid NOT NULL,
	"week" date NOT NULL,
	"meetings" integer NOT NULL,
	"present" integer NOT NULL,
	"members" integer NOT NULL,
	"visitors" integer NOT NULL,
	"first_timers" integer NOT NULL,
	"sent_to_first_timers" integer NOT NULL,
	"first_timers_converted" integer NOT NULL,
	"last_meeting" date NOT NULL,
	CONSTRAINT "cih_week_stats_center_id_week_pk" PRIMARY KEY("center_id","week")
);
--> statement-breakpoint
ALTER TABLE "cih_week_stats" ADD CONSTRAINT "cih_week_stats_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cih_week_stats_week_idx" ON "cih_week_stats" USING btree ("week","center_id");