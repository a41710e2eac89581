CREATE TABLE "event_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"event_type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"event_date" date NOT NULL,
	"people_concerned" text NOT NULL,
	"notes" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outreach_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"outreach_request_id" uuid NOT NULL,
	"date_held" date NOT NULL,
	"attendance" integer DEFAULT 0 NOT NULL,
	"souls_reached" integer DEFAULT 0 NOT NULL,
	"detail_of_converts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"testimonies" text,
	"challenges" text,
	"filed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outreach_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"purpose" text NOT NULL,
	"state" text,
	"lga" text,
	"address" text NOT NULL,
	"outreach_date" date NOT NULL,
	"start_time" time,
	"team_ids" uuid[] DEFAULT '{}' NOT NULL,
	"materials" text,
	"accessories" text[] DEFAULT '{}' NOT NULL,
	"budget" numeric(14, 2),
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "venue_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"booking_date" date NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"purpose" text NOT NULL,
	"expected_attendance" integer,
	"event_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "venues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"capacity" integer,
	"facilities" text[] DEFAULT '{}' NOT NULL,
	"accessories" text[] DEFAULT '{}' NOT NULL,
	"availability_notes" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_requests" ADD CONSTRAINT "event_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_requests" ADD CONSTRAINT "event_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outreach_reports" ADD CONSTRAINT "outreach_reports_outreach_request_id_outreach_requests_id_fk" FOREIGN KEY ("outreach_request_id") REFERENCES "public"."outreach_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outreach_reports" ADD CONSTRAINT "outreach_reports_filed_by_users_id_fk" FOREIGN KEY ("filed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outreach_requests" ADD CONSTRAINT "outreach_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outreach_requests" ADD CONSTRAINT "outreach_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_bookings" ADD CONSTRAINT "venue_bookings_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_bookings" ADD CONSTRAINT "venue_bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_bookings" ADD CONSTRAINT "venue_bookings_event_id_event_requests_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_bookings" ADD CONSTRAINT "venue_bookings_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_requests_user_idx" ON "event_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "event_requests_status_idx" ON "event_requests" USING btree ("status","event_date");--> statement-breakpoint
CREATE UNIQUE INDEX "outreach_reports_request_key" ON "outreach_reports" USING btree ("outreach_request_id");--> statement-breakpoint
CREATE INDEX "outreach_requests_status_idx" ON "outreach_requests" USING btree ("status","outreach_date");--> statement-breakpoint
CREATE INDEX "outreach_requests_user_idx" ON "outreach_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "venue_bookings_venue_day_idx" ON "venue_bookings" USING btree ("venue_id","booking_date");--> statement-breakpoint
CREATE INDEX "venue_bookings_status_idx" ON "venue_bookings" USING btree ("status","booking_date");--> statement-breakpoint
CREATE UNIQUE INDEX "venue_bookings_event_key" ON "venue_bookings" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "venues_name_key" ON "venues" USING btree (lower("name"));--> statement-breakpoint
-- Two approved bookings of one venue never overlap. Written as a trigger rather than an
-- exclusion constraint: that would need btree_gist, which PGlite and managed PostgreSQL may
-- not offer. The venue row is locked first, so two approvals of one venue take turns and the
-- second one's check sees the first one's committed row (READ COMMITTED: each statement of the
-- function reads anew).
CREATE FUNCTION venue_bookings_no_overlap() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  clash uuid;
BEGIN
  IF NEW.status <> 'approved' THEN
    RETURN NEW;
  END IF;
  PERFORM 1 FROM venues WHERE id = NEW.venue_id FOR UPDATE;
  SELECT b.id INTO clash FROM venue_bookings b
    WHERE b.venue_id = NEW.venue_id AND b.status = 'approved' AND b.id <> NEW.id
      AND b.booking_date = NEW.booking_date AND b.start_time < NEW.end_time AND b.end_time > NEW.start_time
    LIMIT 1;
  IF clash IS NOT NULL THEN
    RAISE EXCEPTION 'venue booking % overlaps approved booking %', NEW.id, clash
      USING ERRCODE = 'exclusion_violation', CONSTRAINT = 'venue_bookings_no_overlap';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER venue_bookings_no_overlap BEFORE INSERT OR UPDATE ON venue_bookings
  FOR EACH ROW EXECUTE FUNCTION venue_bookings_no_overlap();
--> statement-breakpoint
ALTER TABLE venue_bookings ADD CONSTRAINT venue_bookings_end_after_start CHECK (end_time > start_time);
