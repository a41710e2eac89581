-- The audit log stays append-only, with two declared exceptions. The retention job's DELETE of
-- rows older than its cut-off (flock.audit_retention_before), as before; and an erasure, whose
-- transaction names the person (flock.audit_erasure_of), may blank the recorded values (before,
-- after, ip) of rows and nothing else: who did what, to which record and when stays.
CREATE OR REPLACE FUNCTION audit_logs_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cutoff text := nullif(current_setting('flock.audit_retention_before', true), '');
  erasing text := nullif(current_setting('flock.audit_erasure_of', true), '');
BEGIN
  IF TG_OP = 'DELETE' AND TG_TABLE_NAME = 'audit_logs' AND cutoff IS NOT NULL THEN
    IF OLD.created_at < cutoff::timestamptz THEN
      RETURN OLD;
    END IF;
  END IF;
  IF TG_OP = 'UPDATE' AND erasing IS NOT NULL
     AND NEW.id = OLD.id AND NEW.actor_id IS NOT DISTINCT FROM OLD.actor_id AND NEW.action = OLD.action
     AND NEW.entity = OLD.entity AND NEW.entity_id IS NOT DISTINCT FROM OLD.entity_id
     AND NEW.subject_id IS NOT DISTINCT FROM OLD.subject_id AND NEW.outcome = OLD.outcome
     AND NEW.created_at = OLD.created_at THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TABLE "consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"category" text NOT NULL,
	"granted" boolean NOT NULL,
	"wording" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consents_user_idx" ON "consents" USING btree ("user_id","category","created_at");