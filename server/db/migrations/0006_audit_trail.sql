CREATE TABLE "audit_logs_archive" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"subject_id" uuid,
	"outcome" text DEFAULT 'success' NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "audit_logs_created_idx";--> statement-breakpoint
DROP INDEX "audit_logs_entity_idx";--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "subject_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "outcome" text DEFAULT 'success' NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_logs_archive_time_idx" ON "audit_logs_archive" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_time_idx" ON "audit_logs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_actor_idx" ON "audit_logs" USING btree ("actor_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_subject_idx" ON "audit_logs" USING btree ("subject_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_entity_id_idx" ON "audit_logs" USING btree ("entity_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_action_idx" ON "audit_logs" USING btree ("action","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_outcome_idx" ON "audit_logs" USING btree ("outcome","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_ip_idx" ON "audit_logs" USING btree ("ip","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_entity_idx" ON "audit_logs" USING btree ("entity","created_at","id");--> statement-breakpoint
-- Backfill of the new columns, by the same rules the writers now follow (server/http/audit.ts
-- subjectOf and outcomeOf): the one UPDATE the trail ever takes, with its trigger off.
ALTER TABLE "audit_logs" DISABLE TRIGGER "audit_logs_append_only";--> statement-breakpoint
UPDATE "audit_logs" SET
  "outcome" = CASE "action" WHEN 'login-failed' THEN 'failedLogin' WHEN 'refused' THEN 'refused' WHEN 'otp-refused' THEN 'refused' WHEN 'rate-limited' THEN 'refused' ELSE 'success' END,
  "subject_id" = (SELECT CASE WHEN s.id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN s.id::uuid END
    FROM (SELECT CASE
      WHEN "entity" IN ('user', 'userRole', 'userDepartment') THEN "entity_id"
      WHEN "entity" = 'avatar' THEN (SELECT f."user_id"::text FROM "files" f WHERE f."id"::text = "entity_id")
      ELSE coalesce("after"->>'userId', "before"->>'userId') END AS id) s);--> statement-breakpoint
ALTER TABLE "audit_logs" ENABLE TRIGGER "audit_logs_append_only";--> statement-breakpoint
-- The retention job's DELETE is the one change allowed: its transaction declares the cut-off
-- (SET LOCAL flock.audit_retention_before), and only rows older than that may go.
CREATE OR REPLACE FUNCTION audit_logs_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cutoff text := nullif(current_setting('flock.audit_retention_before', true), '');
BEGIN
  IF TG_OP = 'DELETE' AND TG_TABLE_NAME = 'audit_logs' AND cutoff IS NOT NULL THEN
    IF OLD.created_at < cutoff::timestamptz THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER audit_logs_archive_append_only BEFORE UPDATE OR DELETE ON audit_logs_archive
  FOR EACH ROW EXECUTE FUNCTION audit_logs_refuse_change();--> statement-breakpoint
CREATE TRIGGER audit_logs_archive_no_truncate BEFORE TRUNCATE ON audit_logs_archive
  FOR EACH STATEMENT EXECUTE FUNCTION audit_logs_refuse_change();
